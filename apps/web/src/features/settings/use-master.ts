import type { Master } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

export const masterQuery = queryOptions({
  queryKey: ["master"],
  queryFn: ({ signal }) => api.get<Master>("/master", { signal }),
  staleTime: 5 * 60_000,
});

/** The site settings of GET /api/master. */
export function useMaster() {
  return useQuery(masterQuery);
}
