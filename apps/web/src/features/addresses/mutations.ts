import type { Address, AddressRequest } from "@market/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { callWithMessage } from "../../api/client.ts";
import { addressKeys } from "./queries.ts";

// The address book's writes; apart from the list (queries.ts), which the cart reads on every page.

/** An address as the store and update calls take it. */
export function addressRequest(a: Address, changes: Partial<AddressRequest> = {}): AddressRequest {
  const { id: _id, ...fields } = a;
  return { ...fields, ...changes };
}

/** Reads the addresses again (the cart picks the basket address from the same answer). */
function refreshAddresses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

/** Stores a new address (no id) or updates one; answers the saved address. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AddressRequest }) =>
      id
        ? callWithMessage("POST /address/:id/update", { params: { id }, body })
        : callWithMessage("POST /address/store", { body }),
    // A new default changes the flag of another address too, so the whole list is read again.
    onSuccess: () => refreshAddresses(queryClient),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callWithMessage("POST /address/:id/delete", { params: { id } }),
    // Deleting the default promotes another one on the server.
    onSuccess: () => refreshAddresses(queryClient),
  });
}
