import type { InputOf, ProductBody, RestockBody, SellerBulkBody } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, callWithMessage, keyOf } from "../../api/client.ts";

export const PRODUCTS_PER_PAGE = 20;
export const STOCK_PER_PAGE = 20;

export type ProductListQuery = NonNullable<InputOf<"GET /seller/products">["query"]>;
export type MovementsQuery = NonNullable<InputOf<"GET /seller/stock/movements">["query"]>;

const SCOPE = ["seller-products"] as const;

// Every key of the feature starts with its scope: a save or a bulk action refreshes the list, the
// product, and the stock pages (a save can change stock and log a movement).
export const sellerProductKeys = {
  all: SCOPE,
  list: (query: ProductListQuery) => [...SCOPE, ...keyOf("GET /seller/products", { query })] as const,
  options: [...SCOPE, ...keyOf("GET /seller/product-options", {})] as const,
  detail: (id: number) => [...SCOPE, ...keyOf("GET /seller/products/:id", { params: { id } })] as const,
  low: (page: number) => [...SCOPE, ...keyOf("GET /seller/stock/low", { query: { page } })] as const,
  movements: (query: MovementsQuery) => [...SCOPE, ...keyOf("GET /seller/stock/movements", { query })] as const,
};

export function useSellerProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: sellerProductKeys.list(query),
    queryFn: ({ signal }) => call("GET /seller/products", { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The form's choices change rarely (the admin edits them); kept for the session's minutes. */
export function useProductOptions() {
  return useQuery({
    queryKey: sellerProductKeys.options,
    queryFn: ({ signal }) => call("GET /seller/product-options", {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSellerProduct(id: number | null) {
  return useQuery({
    queryKey: sellerProductKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      call("GET /seller/products/:id", { params: { id: id ?? 0 } }, { signal }).then((d) => d.product),
    enabled: id != null && Number.isInteger(id) && id > 0,
    retry: (count, e) => count < 2 && !(e instanceof ApiError && e.status < 500),
    // A form being edited is not replaced by a refetch behind the seller's back.
    refetchOnWindowFocus: false,
  });
}

/** Creates (no id) or updates the product; answers the server's message and the saved product. */
export function useSaveProduct(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) =>
      id == null
        ? callWithMessage("POST /seller/products", { body })
        : callWithMessage("PUT /seller/products/:id", { params: { id }, body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(sellerProductKeys.detail(data.product.id), data.product);
      // The list and the stock pages (stock changes are logged); the saved product is already set.
      return queryClient.invalidateQueries({
        queryKey: SCOPE,
        predicate: (q) => q.queryKey[1] !== "GET /seller/products/:id",
      });
    },
  });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerBulkBody) => callWithMessage("POST /seller/products/bulk", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCOPE }),
  });
}

/** One image file to the server, which keeps it as WebP in several widths; answers its URL. */
export async function uploadProductImage(file: File): Promise<string> {
  const form = new FormData();
  form.set("image", file);
  return (await call("POST /seller/product-images", { form })).url;
}

export function useLowStock(page: number) {
  return useQuery({
    queryKey: sellerProductKeys.low(page),
    queryFn: ({ signal }) => call("GET /seller/stock/low", { query: { page, per_page: STOCK_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStockMovements(query: MovementsQuery) {
  return useQuery({
    queryKey: sellerProductKeys.movements(query),
    queryFn: ({ signal }) => call("GET /seller/stock/movements", { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sets one low variant's stock from the stock page; the list, the log and the product refresh. */
export function useRestock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestockBody) => callWithMessage("PUT /seller/stock", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCOPE }),
  });
}
