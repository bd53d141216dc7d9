import type { AuthUser, LoginData } from "@market/contract";
import { TOAST_CART_MS } from "@market/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, call, keyOf } from "../../api/client.ts";
import { toast } from "../../ui/toast.ts";
import { type SessionUser, useAuthStore } from "./auth-store.ts";

/** Success toasts last 3 s (spec section 9). */
export const SUCCESS_TOAST = { duration: TOAST_CART_MS } as const;

// The user's own data is under "account", so that logging out drops it.
export const authKeys = {
  countries: keyOf("GET /countries", {}),
  account: ["account"] as const,
  profile: ["account", ...keyOf("GET /profile", {})] as const,
  dashboard: ["account", ...keyOf("GET /dashboard", {})] as const,
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

/**
 * A failed call as spec section 8 shows it: the server's message as an error toast, and each
 * field's first message under that field when the form has it.
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
  fallback?: string,
) {
  if (error instanceof ApiError) {
    for (const field of fields) {
      const message = error.fieldError(field);
      if (message && setError) setError(field, { type: "server", message });
    }
    toast.error(error.message || fallback);
    return;
  }
  toast.error(fallback || (error instanceof Error ? error.message : String(error)));
}
