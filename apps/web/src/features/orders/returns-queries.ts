import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf } from "../../api/client.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { orderKeys } from "./queries.ts";

// An order's returns: under the account scope for the shopper, the seller-orders scope for the shop.
export const returnKeys = {
  order: (id: number) => [...queryScopes.account, ...keyOf("GET /orders/:id/returns", { params: { id } })] as const,
  seller: (id: number) =>
    [...orderKeys.seller, ...keyOf("GET /seller/orders/:id/returns", { params: { id } })] as const,
};

export const useOrderReturns = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: returnKeys.order(orderId),
    queryFn: ({ signal }) => call("GET /orders/:id/returns", { params: { id: orderId } }, { signal }),
    enabled,
  });

/** Sends a return request (fields and photos as a form); the order and its returns are read again. */
export function useRequestReturn(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callWithMessage("POST /orders/:id/returns", { params: { id: orderId }, form }),
    // Not awaited: the dialog's own success step (toast, close) runs first.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryScopes.account }),
  });
}

export const useSellerReturns = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: returnKeys.seller(orderId),
    queryFn: ({ signal }) => call("GET /seller/orders/:id/returns", { params: { id: orderId } }, { signal }),
    enabled,
  });

type Action = { id: number } & ({ action: "approve" | "received" | "refunded" } | { action: "reject"; reason: string });

/** The shop's steps of a return; the order (payment status) and its returns are read again. */
export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: Action) => {
      const params = { id: a.id };
      switch (a.action) {
        case "approve":
          return callWithMessage("POST /seller/returns/:id/approve", { params });
        case "received":
          return callWithMessage("POST /seller/returns/:id/received", { params });
        case "refunded":
          return callWithMessage("POST /seller/returns/:id/refunded", { params });
        case "reject":
          return callWithMessage("POST /seller/returns/:id/reject", { params, body: { reason: a.reason } });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.seller }),
  });
}
