import { MAX_SEARCH_LENGTH, PRODUCT_SORTS, type ProductQuery, type ProductSort } from "@market/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { SUB_CATEGORY_PARAM } from "./category-path.ts";

/** Filters, sort and page of a product list as they live in the URL search params. */
export type ProductQueryState = {
  search?: string;
  category_id?: number;
  /** `subcategory` in the URL, the name the category menu links use */
  sub_category_id?: number;
  brand_id?: number;
  color_id?: number;
  size_id?: number;
  rating?: number;
  min_price?: number;
  max_price?: number;
  sort?: ProductSort;
  page: number;
};

export type ProductQueryPatch = { [K in keyof ProductQueryState]?: ProductQueryState[K] | undefined };

const ID_KEYS = ["category_id", "brand_id", "color_id", "size_id"] as const;
const PRICE_KEYS = ["min_price", "max_price"] as const;

function positiveInt(raw: string | null, max = 2_147_483_647): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

function price(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? n : undefined;
}

/** Reads the state from URL params; values the API would reject are dropped, never sent. */
export function parseProductQuery(params: URLSearchParams): ProductQueryState {
  const state: ProductQueryState = { page: positiveInt(params.get("page"), 10_000) ?? 1 };
  const search = params.get("search")?.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search) state.search = search;
  for (const key of ID_KEYS) {
    const v = positiveInt(params.get(key));
    if (v !== undefined) state[key] = v;
  }
  const sub = positiveInt(params.get(SUB_CATEGORY_PARAM));
  if (sub !== undefined) state.sub_category_id = sub;
  const rating = positiveInt(params.get("rating"), 5);
  if (rating !== undefined) state.rating = rating;
  for (const key of PRICE_KEYS) {
    const v = price(params.get(key));
    if (v !== undefined) state[key] = v;
  }
  const sort = params.get("sort");
  if (sort && (PRODUCT_SORTS as readonly string[]).includes(sort)) state.sort = sort as ProductSort;
  return state;
}

/** Writes the state back as URL params, in a stable order and without defaults. */
export function productQueryToParams(state: ProductQueryState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set("search", state.search);
  for (const key of ID_KEYS) if (state[key] !== undefined) params.set(key, String(state[key]));
  if (state.sub_category_id !== undefined) params.set(SUB_CATEGORY_PARAM, String(state.sub_category_id));
  if (state.rating !== undefined) params.set("rating", String(state.rating));
  for (const key of PRICE_KEYS) if (state[key] !== undefined) params.set(key, String(state[key]));
  if (state.sort) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** A filter or sort change starts again at page 1; only an explicit page change keeps its page. */
export function applyPatch(state: ProductQueryState, patch: ProductQueryPatch): ProductQueryState {
  const next: ProductQueryState = { ...state, page: 1 };
  for (const [key, value] of Object.entries(patch) as [keyof ProductQueryState, unknown][]) {
    if (value === undefined || value === "") delete (next as Record<string, unknown>)[key];
    else (next as Record<string, unknown>)[key] = value;
  }
  if (next.page === undefined) next.page = 1;
  return next;
}

/** The API query for the state; `fixed` (e.g. a shop id or the category of the page) wins. */
export function toApiQuery(
  state: ProductQueryState,
  fixed: Partial<ProductQuery> = {},
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries({ ...state, ...fixed })) {
    if (value !== undefined && value !== "") query[key] = value as string | number;
  }
  return query;
}

export function useProductQueryState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseProductQuery(params), [params]);
  const update = useCallback(
    (patch: ProductQueryPatch, options?: { replace?: boolean }) => {
      // Every change is a history entry so back and forward walk through the filter states
      // (except a correction, such as a page past the end, which replaces it).
      setParams((prev) => productQueryToParams(applyPatch(parseProductQuery(prev), patch)), options);
    },
    [setParams],
  );
  const reset = useCallback(() => {
    setParams((prev) => {
      const kept = parseProductQuery(prev);
      return productQueryToParams({ page: 1, ...(kept.search ? { search: kept.search } : {}) });
    });
  }, [setParams]);
  return { state, update, reset };
}
