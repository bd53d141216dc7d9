import type { ApiKey, InputOf } from "@market/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { keyOf } from "../../api/client.ts";
import { pageQuery } from "../../lib/page-query.ts";
import { queryScopes } from "../../lib/query-scopes.ts";

type Query = Record<string, string | number>;

/**
 * The catalogue's query keys. Names come translated by Accept-Language, so every key carries the
 * locale; keys start with the catalogue's scope, which a change of favourites or stock invalidates.
 */
export const catalogKeys = {
  all: queryScopes.catalog,
  call: <K extends ApiKey>(locale: string, key: K, input: InputOf<K>) =>
    [...queryScopes.catalog, locale, ...keyOf(key, input)] as const,
};

/** A catalogue call's query, started from the page's inlined answer when it has one. */
function catalogQuery<K extends ApiKey>(locale: string, key: K, input: InputOf<K>, enabled = true) {
  return queryOptions(pageQuery(catalogKeys.call(locale, key, input), locale, key, input, enabled));
}

function useLocale(): string {
  return useTranslation().i18n.language;
}

export function useHome() {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /home", {}),
  });
}

export function useCategories() {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /categories", {}),
    select: (data) => data.categories,
    staleTime: 5 * 60_000,
  });
}

export function useProducts(query: Query, enabled = true) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /products", { query }, enabled),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change of language keeps the product on screen until its new names arrive, so the page (and
 * the size, colour and quantity chosen on it) stays; another product starts afresh.
 */
export function useProductDetails(id: number) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /products/:id/details", { params: { id } }, id > 0),
    placeholderData: (previous) => (previous?.product.id === id ? previous : undefined),
  });
}

/** The cards of `ids`, in their order; none asked, none fetched. */
export function useProductCards(ids: number[]) {
  const locale = useLocale();
  return useQuery(catalogQuery(locale, "GET /products/cards", { query: { ids: ids.join(",") } }, ids.length > 0));
}

export function useShops(query: Query) {
  const locale = useLocale();
  return useQuery({ ...catalogQuery(locale, "GET /shops", { query }), placeholderData: keepPreviousData });
}

export function useShop(id: number) {
  const locale = useLocale();
  return useQuery(catalogQuery(locale, "GET /shops/:id", { params: { id } }, id > 0));
}

export function useMostPopular(page: number) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /most-popular", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useBestDeal(page: number) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /best-deal", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useFlashSale(id: number, query: Query) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /flash-sale/:id/details", { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Suggestions for the search box; `q` is already debounced. A newer text makes the older request
 * stale: TanStack Query aborts it through the signal catalogQuery passes on.
 */
export function useSearchSuggestions(q: string) {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /search/suggestions", { query: { q } }, q.length >= 2),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useBrands() {
  const locale = useLocale();
  return useQuery({
    ...catalogQuery(locale, "GET /brands", {}),
    select: (data) => data.brands,
    staleTime: 5 * 60_000,
  });
}
