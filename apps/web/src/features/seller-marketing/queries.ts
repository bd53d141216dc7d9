import type { JoinSaleBody, SaleEntryBody, VoucherBody } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf } from "../../api/client.ts";

export const VOUCHERS_PER_PAGE = 12;
export const SALES_PER_PAGE = 10;
/** Products offered at once when adding to a sale (a search narrows them). */
export const PRODUCT_PICK_SIZE = 20;

const SCOPE = ["seller-marketing"] as const;

// Every key of the feature starts with its scope; a voucher change refreshes the voucher pages, a
// sale entry change the sale pages.
export const marketingKeys = {
  vouchers: [...SCOPE, "GET /seller/vouchers"] as const,
  voucherPage: (page: number) =>
    [...SCOPE, ...keyOf("GET /seller/vouchers", { query: { page, per_page: VOUCHERS_PER_PAGE } })] as const,
  sales: [...SCOPE, "GET /seller/flash-sales"] as const,
  salePage: (page: number) =>
    [...SCOPE, ...keyOf("GET /seller/flash-sales", { query: { page, per_page: SALES_PER_PAGE } })] as const,
  products: (search: string) =>
    [...SCOPE, ...keyOf("GET /seller/products", { query: { search, per_page: PRODUCT_PICK_SIZE } })] as const,
};

export function useSellerVouchers(page: number) {
  return useQuery({
    queryKey: marketingKeys.voucherPage(page),
    queryFn: ({ signal }) => call("GET /seller/vouchers", { query: { page, per_page: VOUCHERS_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or updates a voucher. */
export function useSaveVoucher(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoucherBody) =>
      id == null
        ? callWithMessage("POST /seller/vouchers", { body })
        : callWithMessage("PUT /seller/vouchers/:id", { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.vouchers }),
  });
}

export function useSetVoucherActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      active
        ? call("POST /seller/vouchers/:id/resume", { params: { id } })
        : call("POST /seller/vouchers/:id/pause", { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.vouchers }),
  });
}

export function useSellerSales(page: number) {
  return useQuery({
    queryKey: marketingKeys.salePage(page),
    queryFn: ({ signal }) => call("GET /seller/flash-sales", { query: { page, per_page: SALES_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The shop's products to pick from, by name or SKU (the products section's own list call). */
export function useProductPick(search: string, enabled: boolean) {
  return useQuery({
    queryKey: marketingKeys.products(search),
    queryFn: ({ signal }) =>
      call("GET /seller/products", { query: { ...(search && { search }), per_page: PRODUCT_PICK_SIZE } }, { signal }),
    select: (d) => d.products,
    enabled,
    placeholderData: keepPreviousData,
  });
}

const useSalesChange = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marketingKeys.sales });
};

export function useJoinSale(saleId: number) {
  const refresh = useSalesChange();
  return useMutation({
    mutationFn: (body: JoinSaleBody) => call("POST /seller/flash-sales/:id/entries", { params: { id: saleId }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateEntry(entryId: number) {
  const refresh = useSalesChange();
  return useMutation({
    mutationFn: (body: SaleEntryBody) => call("PUT /seller/flash-sales/entries/:id", { params: { id: entryId }, body }),
    onSuccess: refresh,
  });
}

export function useRemoveEntry() {
  const refresh = useSalesChange();
  return useMutation({
    mutationFn: (entryId: number) => call("DELETE /seller/flash-sales/entries/:id", { params: { id: entryId } }),
    onSuccess: refresh,
  });
}
