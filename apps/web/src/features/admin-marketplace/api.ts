import type { InputOf } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callWithMessage, keyOf, queryOf } from "../../api/client.ts";
import { inReaderDays } from "../../lib/reader-zone.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { catalogKeys } from "../catalog/index.ts";

// The admin console's marketplace calls: the overview, product moderation, orders, users, flash sales, audit log.
// Every write refreshes the lists it changed, the audit log (it gained a row) and, when the
// storefront shows the change, the visitor's catalogue answers.

const per_page = PAGINATION_PER_PAGE;

export const marketKeys = {
  products: keyOf("GET /admin/products"),
  orders: keyOf("GET /admin/orders"),
  users: keyOf("GET /admin/users"),
  sales: keyOf("GET /admin/flash-sales"),
  entries: keyOf("GET /admin/flash-sales/:id/entries"),
  audit: keyOf("GET /admin/audit"),
};

type QueryOf<K extends "GET /admin/products" | "GET /admin/orders" | "GET /admin/users" | "GET /admin/audit"> =
  NonNullable<InputOf<K>["query"]>;

export const useAdminProducts = (query: QueryOf<"GET /admin/products">) =>
  useQuery({ ...queryOf("GET /admin/products", { query: { per_page, ...query } }), placeholderData: keepPreviousData });
export const useAdminOrders = (query: QueryOf<"GET /admin/orders">) =>
  useQuery({ ...queryOf("GET /admin/orders", { query: { per_page, ...query } }), placeholderData: keepPreviousData });
export const useAdminUsers = (query: QueryOf<"GET /admin/users">) =>
  useQuery({ ...queryOf("GET /admin/users", { query: { per_page, ...query } }), placeholderData: keepPreviousData });
export const useAuditLog = (query: QueryOf<"GET /admin/audit">) =>
  useQuery({
    ...queryOf("GET /admin/audit", { query: { per_page, ...query, ...inReaderDays() } }),
    placeholderData: keepPreviousData,
  });

/** Asked again each time the page opens: the queues change with every decision made elsewhere. */
export const useAdminOverview = () =>
  useQuery({ ...queryOf("GET /admin/overview", { query: inReaderDays() }), staleTime: 0 });

export const useAdminProduct = (id: number | null) =>
  useQuery({
    ...queryOf("GET /admin/products/:id", { params: { id: id ?? 0 } }),
    enabled: id !== null,
    select: (d) => d.product,
  });
export const useAdminOrder = (id: number | null) =>
  useQuery({ ...queryOf("GET /admin/orders/:id", { params: { id: id ?? 0 } }), enabled: id !== null });

export const useFlashSales = (page: number) =>
  useQuery({ ...queryOf("GET /admin/flash-sales", { query: { page, per_page } }), placeholderData: keepPreviousData });

export const useSaleEntries = (id: number | null, page: number) =>
  useQuery({
    ...queryOf("GET /admin/flash-sales/:id/entries", { params: { id: id ?? 0 }, query: { page, per_page } }),
    enabled: id !== null,
  });

/** A write's answer shown as a toast, then the lists it names refetched (and the audit log). */
function useAdminWrite<V, R extends { message: string }>(
  send: (v: V) => Promise<R>,
  refresh: readonly (readonly unknown[])[],
  storefront = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (res) => {
      for (const queryKey of [...refresh, marketKeys.audit]) void queryClient.invalidateQueries({ queryKey });
      if (storefront) void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

export const useModerationSwitch = () =>
  useAdminWrite(
    (enabled: boolean) => callWithMessage("PUT /admin/products/moderation", { body: { enabled } }),
    [marketKeys.products],
  );

export const useApproveProduct = () =>
  useAdminWrite(
    (id: number) => callWithMessage("POST /admin/products/:id/approve", { params: { id } }),
    [marketKeys.products],
    true,
  );

export const useRejectProduct = () =>
  useAdminWrite(
    ({ id, reason }: { id: number; reason: string }) =>
      callWithMessage("POST /admin/products/:id/reject", { params: { id }, body: { reason } }),
    [marketKeys.products],
    true,
  );

export const useBlockUser = () =>
  useAdminWrite(
    ({ id, blocked }: { id: number; blocked: boolean }) =>
      blocked
        ? callWithMessage("POST /admin/users/:id/block", { params: { id } })
        : callWithMessage("POST /admin/users/:id/unblock", { params: { id } }),
    [marketKeys.users],
  );

export const useSendReset = () =>
  useAdminWrite((id: number) => callWithMessage("POST /admin/users/:id/password-reset", { params: { id } }), []);

export const useSaveSale = () =>
  useAdminWrite(
    ({ id, form }: { id: number | null; form: FormData }) =>
      id === null
        ? callWithMessage("POST /admin/flash-sales", { form })
        : callWithMessage("PUT /admin/flash-sales/:id", { params: { id }, form }),
    [marketKeys.sales],
    true,
  );

export const useDeleteSale = () =>
  useAdminWrite(
    (id: number) => callWithMessage("DELETE /admin/flash-sales/:id", { params: { id } }),
    [marketKeys.sales],
    true,
  );

export const useRemoveEntry = () =>
  useAdminWrite(
    ({ id, entryId }: { id: number; entryId: number }) =>
      callWithMessage("DELETE /admin/flash-sales/:id/entries/:entryId", { params: { id, entryId } }),
    [marketKeys.sales, marketKeys.entries],
    true,
  );
