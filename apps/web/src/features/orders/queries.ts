import type { InputOf, OrderStatus, SellerOrderShipmentBody } from "@market/contract";
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, callWithMessage, keyOf } from "../../api/client.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { cartKeys } from "../cart/index.ts";

export const ORDERS_PER_PAGE = 10;

const listInput = (status: OrderStatus | null, page: number, perPage: number): InputOf<"GET /orders"> => ({
  query: { page, per_page: perPage, order_status: status ?? undefined },
});
/** The Seller Centre's tab of orders with a return not yet done, beside the statuses. */
export const OPEN_RETURNS = "returns";
/** A tab of the orders list: a status, the open returns (the Seller Centre's), or all (null). */
export type OrderTab = OrderStatus | typeof OPEN_RETURNS | null;

const sellerListInput = (tab: OrderTab, page: number, search: string): InputOf<"GET /seller/orders"> => ({
  query: {
    page,
    per_page: ORDERS_PER_PAGE,
    ...(tab === OPEN_RETURNS ? { returns: "open" } : { order_status: tab ?? undefined }),
    search: search || undefined,
  },
});

const SELLER_SCOPE = ["seller-orders"] as const;

// The shopper's orders live under the account scope so that logging out drops them (and what
// refreshes the account, the dashboard's counts among it, refreshes them).
export const orderKeys = {
  list: (status: OrderStatus | null, page: number, perPage: number) =>
    [...queryScopes.account, ...keyOf("GET /orders", listInput(status, page, perPage))] as const,
  detail: (id: number) => [...queryScopes.account, ...keyOf("GET /orders/:id", { params: { id } })] as const,
  seller: SELLER_SCOPE,
  sellerList: (status: OrderTab, page: number, search: string) =>
    [...SELLER_SCOPE, ...keyOf("GET /seller/orders", sellerListInput(status, page, search))] as const,
  sellerDetail: (id: number) => [...SELLER_SCOPE, ...keyOf("GET /seller/orders/:id", { params: { id } })] as const,
};

/**
 * Reads the orders again after news of one (a notification on the realtime channel): the shopper's
 * lists, orders and their returns, or, for "shop", the shop's.
 */
export function refreshOrders(queryClient: QueryClient, side: "user" | "shop") {
  if (side === "shop") return void queryClient.invalidateQueries({ queryKey: orderKeys.seller });
  for (const key of ["GET /orders", "GET /orders/:id", "GET /orders/:id/returns"] as const) {
    void queryClient.invalidateQueries({ queryKey: [...queryScopes.account, ...keyOf(key)] });
  }
}

/** A page of the shopper's orders, optionally of one status, with the count of each status. */
export function useOrders(status: OrderStatus | null, page: number, perPage = ORDERS_PER_PAGE) {
  return useQuery({
    queryKey: orderKeys.list(status, page, perPage),
    queryFn: ({ signal }) => call("GET /orders", listInput(status, page, perPage), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order; `awaitPayment` reads it again every 2 s while its payment is still Pending. */
export function useOrder(id: number, { awaitPayment = false } = {}) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => call("GET /orders/:id", { params: { id } }, { signal }).then((d) => d.order),
    enabled: Number.isInteger(id) && id > 0,
    // The gateway's callback may reach the server just after the shopper is sent back.
    refetchInterval: (q) => (awaitPayment && q.state.data?.payment_status === "Pending" ? 2000 : false),
    retry: (count, e) => count < 2 && !(e instanceof ApiError && e.status < 500),
  });
}

/** Cancels a Pending order; the server puts its stock back. */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callWithMessage("POST /orders/:id/cancel", { params: { id } }),
    // The list's status counts and the dashboard change too; product stock is read fresh anyway.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryScopes.account }),
  });
}

/** Puts a delivered order's lines back in the cart. */
export function useReorder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callWithMessage("POST /orders/:id/reorder", { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

// ---- the seller's side ----

export function useSellerOrders(status: OrderTab, page: number, search: string) {
  return useQuery({
    queryKey: orderKeys.sellerList(status, page, search),
    queryFn: ({ signal }) => call("GET /seller/orders", sellerListInput(status, page, search), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.sellerDetail(id),
    queryFn: ({ signal }) => call("GET /seller/orders/:id", { params: { id } }, { signal }).then((d) => d.order),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSellerSetStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: OrderStatus) =>
      callWithMessage("POST /seller/orders/:id/status", { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.seller }),
  });
}

export function useSellerSetShipment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerOrderShipmentBody) =>
      callWithMessage("POST /seller/orders/:id/shipment", { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.seller }),
  });
}
