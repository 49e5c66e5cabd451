import { QueryClient, type QueryFunction } from "@tanstack/react-query";

const MINUTE = 60_000;

/** A QueryClient with the cache rules of docs/product.md#toasts-and-query-cache and the given way of fetching a key. */
export function createQueryClient(queryFn: QueryFunction, options: { retry?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        retry: options.retry ?? 3,
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: 1 },
    },
  });
}
