import type { Address, AddressRequest } from "@market/contract";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, callWithMessage, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../auth/auth-store.ts";

// Under "account" so that logging out drops them with the rest of the user's data.
export const addressKeys = { all: ["account", ...keyOf("GET /addresses")] as const };

export const addressesQuery = queryOptions({
  queryKey: ["account", ...keyOf("GET /addresses", {})],
  queryFn: ({ signal }) => call("GET /addresses", {}, { signal }).then((d) => d.addresses),
});

/** The signed-in user's addresses, the default one first. */
export function useAddresses() {
  const signedIn = useAuthStore((s) => !!s.token);
  return useQuery({ ...addressesQuery, enabled: signedIn });
}

/** An address as the store and update calls take it. */
export function addressRequest(a: Address, changes: Partial<AddressRequest> = {}): AddressRequest {
  const { id: _id, ...fields } = a;
  return { ...fields, ...changes };
}

/** Reads the addresses again: ours and the cart's copy it picks the basket address from. */
function refreshAddresses(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ["cart"], predicate: (q) => q.queryKey[2] === "addresses" });
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
