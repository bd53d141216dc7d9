import type { PlaceOrderRequest } from "@market/contract";
import { IDEMPOTENCY_KEY_HEADER } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, callWithMessage, retryLostAnswer } from "../../api/client.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { cartKeys } from "../cart/index.ts";
import { catalogKeys } from "../catalog/index.ts";
import { masterQuery } from "../settings/index.ts";

/**
 * `POST /place-order` under an Idempotency-Key: the same key sent twice (a double click, a retry
 * after a lost answer) gives the first answer again instead of a second order.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderRequest; key: string }) =>
      callWithMessage("POST /place-order", { body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    // An answer lost on the way (a train's tunnel) is asked for again under the same key.
    ...retryLostAnswer,
    onSettled: () => {
      // Placed lines leave the cart, stock changes and the orders list grows; a refused order
      // (out of stock, a changed price) also shows the cart's current state.
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryScopes.account });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: (error) => {
      // The operator turned the chosen method off since the page loaded: the methods are read
      // again, and the checkout falls to one still offered.
      if (error instanceof ApiError && error.fieldError("payment_method"))
        void queryClient.invalidateQueries(masterQuery);
    },
  });
}
