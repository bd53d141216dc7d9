import { queryOptions, useQuery } from "@tanstack/react-query";
import { call, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { queryScopes } from "../../lib/query-scopes.ts";

// Under the account scope so that logging out drops them with the rest of the user's data; with the
// user's id, so one user's addresses are never shown to the next. The one cache of GET /addresses:
// the address book, checkout and the cart's basket address all read it.
export const addressKeys = {
  all: [...queryScopes.account, ...keyOf("GET /addresses")] as const,
  list: (userId: number | null) => [...queryScopes.account, ...keyOf("GET /addresses", {}), userId] as const,
};

const addressesQuery = (userId: number | null) =>
  queryOptions({
    queryKey: addressKeys.list(userId),
    queryFn: ({ signal }) => call("GET /addresses", {}, { signal }).then((d) => d.addresses),
  });

/** The signed-in user's addresses, the default one first. */
export function useAddresses() {
  const signedIn = useAuthStore((s) => !!s.token);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return useQuery({ ...addressesQuery(userId), enabled: signedIn });
}
