import type { MailPreferencesBody, MailPreferencesData, NotificationsData } from "@market/contract";
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { useChatStore } from "../chat/index.ts";
import { refreshOrders } from "../orders/index.ts";

// The bell's server state: the shopper's own notifications ("user") or the shop's ("shop"). Keys
// start with "notifications" so a realtime event or a sign-out reaches them all.

export type Scope = "user" | "shop";
const SCOPE = ["notifications"] as const;
export const notificationKeys = {
  all: SCOPE,
  of: (scope: Scope) => [...SCOPE, scope] as const,
  preferences: [...SCOPE, ...keyOf("GET /notifications/preferences")] as const,
};

const PER_PAGE = 10;
const UNLIVE_REFRESH_MS = 60_000;

/** The latest notifications, a page at a time ("show older" asks for the next). */
export function useNotificationList(scope: Scope, enabled: boolean) {
  const list = useInfiniteQuery({
    queryKey: [...notificationKeys.of(scope), "list"],
    queryFn: ({ pageParam }): Promise<NotificationsData> => {
      const query = { page: pageParam, per_page: PER_PAGE };
      return scope === "user" ? call("GET /notifications", { query }) : call("GET /seller/notifications", { query });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled,
  });
  // A notification that arrived between two pages pushes one already shown onto the next page.
  const seen = new Set<number>();
  const items = (list.data?.pages ?? []).flatMap((p) => p.data).filter((n) => !seen.has(n.id) && seen.add(n.id));
  return { ...list, items };
}

/**
 * The unread count; the shop's also names the shop, whose channel then brings its notifications. A
 * member without the shop's channel (a products-only role) has the count read again each minute.
 */
export function useUnreadNotifications(scope: Scope): number {
  const signedIn = useAuthStore((s) => !!s.token);
  const { data } = useQuery({
    queryKey: [...notificationKeys.of(scope), "unread"],
    queryFn: async () =>
      scope === "user"
        ? { ...(await call("GET /notifications/unread", {})), shop_id: null }
        : call("GET /seller/notifications/unread", {}),
    enabled: signedIn,
    refetchInterval: (query) => (scope === "shop" && query.state.data?.shop_id === null ? UNLIVE_REFRESH_MS : false),
  });
  const shopId = data?.shop_id;
  useEffect(() => {
    if (shopId) useChatStore.setState({ sellerShopId: shopId });
  }, [shopId]);
  useLiveNotifications(scope);
  return data?.unread ?? 0;
}

/**
 * Reads again what notifications tell of a change to: the scope's orders, the shop's reviews, and
 * a shopper's tickets and reviews. On a live notification, and when one is opened (what it leads to may have
 * changed again since, a ticket closed after its answer).
 */
export function refreshTold(queryClient: QueryClient, scope: Scope) {
  refreshOrders(queryClient, scope);
  if (scope === "shop") void queryClient.invalidateQueries({ queryKey: keyOf("GET /seller/reviews") });
  if (scope === "user")
    for (const key of [
      keyOf("GET /support-tickets"),
      keyOf("GET /support-ticket/:ticketNumber"),
      keyOf("GET /reviews/mine"),
      // a product back in stock: its page and the wait, which is over
      queryScopes.catalog,
      keyOf("GET /stock-alerts/:id"),
      keyOf("GET /stock-alerts"),
    ])
      void queryClient.invalidateQueries({ queryKey: key });
}

/** Refetches the scope's notifications, and what they tell of, when the realtime connection announces one. */
function useLiveNotifications(scope: Scope) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      useChatStore.subscribe((state, prev) => {
        // A (re)joined channel: what it told before is read again (the page connected late, or lost it).
        if (state.joins[scope] !== prev.joins[scope])
          void queryClient.invalidateQueries({ queryKey: notificationKeys.of(scope) });
        const event = state.lastNotification;
        if (!event || event === prev.lastNotification || event.to !== scope) return;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.of(scope) });
        refreshTold(queryClient, scope);
      }),
    [scope, queryClient],
  );
}

export function useMarkRead(scope: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | "all") =>
      id === "all"
        ? scope === "user"
          ? call("POST /notifications/read-all", {})
          : call("POST /seller/notifications/read-all", {})
        : scope === "user"
          ? call("POST /notifications/:id/read", { params: { id } })
          : call("POST /seller/notifications/:id/read", { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.of(scope) }),
  });
}

export function useMailPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => call("GET /notifications/preferences", {}),
  });
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesBody) => call("PUT /notifications/preferences", { body }),
    // The switch moves at once; a refusal puts it back.
    onMutate: (body) => {
      const before = queryClient.getQueryData<MailPreferencesData>(notificationKeys.preferences);
      if (before) {
        queryClient.setQueryData<MailPreferencesData>(notificationKeys.preferences, {
          preferences: before.preferences.map((p) => ({ ...p, email: body[p.topic] ?? p.email })),
        });
      }
      return { before };
    },
    onError: (_error, _body, context) => queryClient.setQueryData(notificationKeys.preferences, context?.before),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences, data),
  });
}
