import type { AuthUser, Country, LoginData } from "@market/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { call, keyOf } from "../../api/client.ts";
import { type SessionUser, useAuthStore } from "../../lib/auth-store.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { mergeGuest } from "./guest-credentials.ts";

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

/**
 * The countries with their names in the page's language (the browser's own region names, by ISO
 * code), in that language's order. The value a form keeps is still the country's stored name.
 */
export function useCountryOptions() {
  const { data: countries = [] } = useCountries();
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    } catch {
      names = undefined;
    }
    const label = (c: Country) => (c.code && names?.of(c.code.toUpperCase())) || c.name;
    return countries.map((c) => ({ ...c, label: label(c) })).sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [countries, locale]);
}

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
  phone_code: u.phone_code,
  profile_photo: u.profile_photo,
  role: u.role,
  is_guest: u.is_guest,
});

/**
 * Stores the bearer token and the user, then refetches everything: the cart, favourites and the
 * products' favourite flags all depend on who is signed in (spec section 4). An account signed in
 * on a device that was a guest's takes the guest's cart and wishlist, and says so.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (data: LoginData) => {
      useAuthStore.getState().setSession(data.access.token, sessionUser(data.user));
      void queryClient.invalidateQueries();
      if (data.user.is_guest) return;
      void mergeGuest().then(async (message) => {
        if (!message) return;
        toast.success(message, SUCCESS_TOAST);
        // The account's first read of its cart may be on its way, begun before the merge: a read
        // without data yet is not replaced by an invalidation, so it is cancelled first.
        await queryClient.cancelQueries();
        await queryClient.invalidateQueries();
      });
    },
    [queryClient],
  );
}
