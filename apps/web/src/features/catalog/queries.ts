import type {
  Category,
  flashSaleDetails,
  Home,
  Paginated,
  ProductCard,
  ProductList,
  productDetailsAnswer,
  Review,
  reviewSummary,
  Shop,
  shopDetails,
} from "@market/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { api } from "../../api/client.ts";
import { takeVisitorAnswer } from "../../app/boot-data.ts";

type Query = Record<string, string | number>;
export type ProductDetailsAnswer = z.infer<typeof productDetailsAnswer>;
export type FlashSaleDetails = z.infer<typeof flashSaleDetails>;
export type ShopDetails = z.infer<typeof shopDetails>;
export type ReviewsAnswer = { summary: z.infer<typeof reviewSummary>; reviews: Paginated<Review> };

/** Names come translated by Accept-Language, so every key carries the locale. */
export const catalogKeys = {
  all: (locale: string) => ["catalog", locale] as const,
  home: (locale: string) => [...catalogKeys.all(locale), "home"] as const,
  categories: (locale: string) => [...catalogKeys.all(locale), "categories"] as const,
  products: (locale: string, query: Query) => [...catalogKeys.all(locale), "products", query] as const,
  product: (locale: string, id: number) => [...catalogKeys.all(locale), "product", id] as const,
  reviews: (locale: string, id: number, page: number) => [...catalogKeys.all(locale), "reviews", id, page] as const,
  shops: (locale: string, query: Query) => [...catalogKeys.all(locale), "shops", query] as const,
  shop: (locale: string, id: number) => [...catalogKeys.all(locale), "shop", id] as const,
  mostPopular: (locale: string, page: number) => [...catalogKeys.all(locale), "most-popular", page] as const,
  bestDeal: (locale: string, page: number) => [...catalogKeys.all(locale), "best-deal", page] as const,
  flashSale: (locale: string, id: number, query: Query) =>
    [...catalogKeys.all(locale), "flash-sale", id, query] as const,
};

function useLocale(): string {
  return useTranslation().i18n.language;
}

/**
 * The page's HTML carries the first answers of home, the product list and a product (for visitors,
 * in the page's locale): a query starts from it instead of fetching. It counts as fetched at boot.
 */
function fromPage<T>(answer: () => T | undefined) {
  return { initialData: answer, initialDataUpdatedAt: bootTime };
}
const bootTime = Date.now();

const stringValues = (query: Query) => Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]);

export function useHome() {
  const locale = useLocale();
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.home(locale),
      queryFn: () => api.get<Home>("/home"),
      ...fromPage(() => takeVisitorAnswer<Home>(locale, "/home")),
    }),
  );
}

export function useCategories() {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.categories(locale),
    queryFn: async () => (await api.get<{ categories: Category[] }>("/categories")).categories,
    staleTime: 5 * 60_000,
    ...fromPage(() => takeVisitorAnswer<{ categories: Category[] }>(locale, "/categories")?.categories),
  });
}

export function useProducts(query: Query, enabled = true) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.products(locale, query),
    queryFn: () => api.get<ProductList>("/products", { query }),
    placeholderData: keepPreviousData,
    enabled,
    ...fromPage(() => takeVisitorAnswer<ProductList>(locale, `/products?${new URLSearchParams(stringValues(query))}`)),
  });
}

export function useProductDetails(id: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.product(locale, id),
    queryFn: () => api.get<ProductDetailsAnswer>(`/products/${id}/details`),
    enabled: id > 0,
    ...fromPage(() => takeVisitorAnswer<ProductDetailsAnswer>(locale, `/products/${id}/details`)),
  });
}

export function useProductReviews(id: number, page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.reviews(locale, id, page),
    queryFn: () => api.get<ReviewsAnswer>(`/products/${id}/reviews`, { query: { page, per_page: 5 } }),
    placeholderData: keepPreviousData,
  });
}

export function useShops(query: Query) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.shops(locale, query),
    queryFn: () => api.get<Paginated<Shop>>("/shops", { query }),
    placeholderData: keepPreviousData,
  });
}

export function useShop(id: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.shop(locale, id),
    queryFn: () => api.get<ShopDetails>(`/shops/${id}`),
    enabled: id > 0,
  });
}

export function useMostPopular(page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.mostPopular(locale, page),
    queryFn: () => api.get<Paginated<ProductCard>>("/most-popular", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useBestDeal(page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.bestDeal(locale, page),
    queryFn: () => api.get<Paginated<ProductCard>>("/best-deal", { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useFlashSale(id: number, query: Query) {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.flashSale(locale, id, query),
    queryFn: () => api.get<FlashSaleDetails>(`/flash-sale/${id}/details`, { query }),
    placeholderData: keepPreviousData,
  });
}
