import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client.ts";

/** The app's query defaults; the browser has one client, each server render its own. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client mistakes (4xx) do not get better by retrying.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}

export const queryClient = createQueryClient();
