import type { AuthUser, LoginData } from "@market/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { call, keyOf } from "../../api/client.ts";
import { type SessionUser, useAuthStore } from "../../lib/auth-store.ts";
import { queryScopes } from "../../lib/query-scopes.ts";

// The user's own data is under the account scope, so that logging out drops it.
export const authKeys = {
  countries: keyOf("GET /countries", {}),
  profile: [...queryScopes.account, ...keyOf("GET /profile", {})] as const,
  dashboard: [...queryScopes.account, ...keyOf("GET /dashboard", {})] as const,
};

export const countriesQuery = queryOptions({
  queryKey: authKeys.countries,
  queryFn: ({ signal }) => call("GET /countries", {}, { signal }).then((d) => d.countries),
  staleTime: 60 * 60_000,
});

export const useCountries = () => useQuery(countriesQuery);

export const useProfile = () =>
  useQuery({
    queryKey: authKeys.profile,
    queryFn: ({ signal }) => call("GET /profile", {}, { signal }).then((d) => d.user),
  });

export const useDashboard = () =>
  useQuery({
    queryKey: authKeys.dashboard,
    queryFn: ({ signal }) => call("GET /dashboard", {}, { signal }),
  });

/** The shell's copy of the user (sidebar, user menu) from an API user. */
export const sessionUser = (u: AuthUser): SessionUser => ({
  id: u.id,
  name: u.name,
  phone: u.phone,
  profile_photo: u.profile_photo,
  role: u.role,
});

/**
 * Stores the bearer token and the user, then refetches everything: the cart, favourites and the
 * products' favourite flags all depend on who is signed in (spec section 4).
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (data: LoginData) => {
      useAuthStore.getState().setSession(data.access.token, sessionUser(data.user));
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
