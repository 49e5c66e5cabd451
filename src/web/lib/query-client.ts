import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { FRESH_MS, KEPT_MS, LOAD_RETRIES } from "./cache-rules";

/** A QueryClient with the cache rules of docs/product.md#toasts-and-query-cache and the given way of fetching a key. */
export function createQueryClient(queryFn: QueryFunction): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        retry: LOAD_RETRIES,
        staleTime: FRESH_MS,
        gcTime: KEPT_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: 1 },
    },
  });
}
