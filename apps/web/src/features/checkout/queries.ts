import type { PlaceOrderRequest } from "@market/contract";
import { IDEMPOTENCY_KEY_HEADER } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callWithMessage, NetworkError } from "../../api/client.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { cartKeys } from "../cart/index.ts";
import { catalogKeys } from "../catalog/index.ts";

/** A random key naming one attempt to place an order (also over plain http, where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `POST /place-order` under an Idempotency-Key: the same key sent twice (a double click, a retry
 * after a lost answer) gives the first answer again instead of a second order.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderRequest; key: string }) =>
      callWithMessage("POST /place-order", { body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    // An answer lost on the way (a train's tunnel) is asked for again under the same key, and the
    // server answers with the order it placed; offline, the retry waits for the network.
    retry: (failures, error) => error instanceof NetworkError && failures < 4,
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
    onSettled: () => {
      // Placed lines leave the cart, stock changes and the orders list grows; a refused order
      // (out of stock, a changed price) also shows the cart's current state.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryScopes.account });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
  });
}
