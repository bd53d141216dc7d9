import type { Master } from "@market/contract";
import { type QueryClient, QueryObserver, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { call, keyOf } from "../../api/client.ts";

export const settingsKeys = { master: keyOf("GET /master", {}) };

export const masterQuery = queryOptions({
  queryKey: settingsKeys.master,
  queryFn: ({ signal }) => call("GET /master", {}, { signal }),
  // A tab left open follows the operator's changes (a payment method or currency gone, multi-vendor
  // mode) when the shopper comes back to it; the answer is small and usually a 304.
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

/** The site settings of GET /api/master. */
export function useMaster() {
  return useQuery(masterQuery);
}

const newObserver = (client: QueryClient) => new QueryObserver(client, masterQuery);
const shared = new WeakMap<QueryClient, ReturnType<typeof newObserver>>();

function sharedObserver(client: QueryClient) {
  let observer = shared.get(client);
  if (!observer) {
    observer = newObserver(client);
    shared.set(client, observer);
  }
  return observer;
}

/**
 * The settings' data for what only reads them and is on a page many times (every price): one
 * observer of the query is shared instead of one each, which fetches and refreshes as useMaster()
 * does. A catalogue page's prices each set up their own timers and subscriptions otherwise, a
 * noticeable part of a phone's first render.
 */
export function useMasterData(): Master | undefined {
  const observer = sharedObserver(useQueryClient());
  const subscribe = useCallback((onChange: () => void) => observer.subscribe(() => onChange()), [observer]);
  const data = () => observer.getCurrentResult().data;
  return useSyncExternalStore(subscribe, data, data);
}
