import type { ApiKey, DataOf, InputOf } from "@market/contract";
import type { QueryKey } from "@tanstack/react-query";
import { apiPathOf, call } from "../api/client.ts";
import { takeVisitorAnswer } from "./boot-data.ts";

const bootTime = Date.now();

/** What a query of a public page keeps in its `meta`: the path the server fetches its answer by (when enabled). */
export type PageQueryMeta = { pagePath?: string };

/**
 * Options of a public page's query (catalogue, blog, static pages): it starts from the answer the
 * page's HTML carries for its path, when it carries one (counted as fetched at boot). The server's
 * render (apps/web/src/entry-server.tsx) finds the paths its page needs from these queries' `meta`.
 */
export function pageQuery<K extends ApiKey>(
  queryKey: QueryKey,
  locale: string,
  key: K,
  input: InputOf<K>,
  enabled = true,
) {
  const pagePath = apiPathOf(key, input);
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => call(key, input, { signal }),
    enabled,
    meta: (enabled ? { pagePath } : {}) satisfies PageQueryMeta,
    initialData: () => takeVisitorAnswer<DataOf<K>>(locale, pagePath),
    initialDataUpdatedAt: bootTime,
  };
}
