import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { retryDelayAfter } from "../http/retry";
import { FRESH_MS, KEPT_MS, WRITE_RETRIES } from "./cache-rules";

/**
 * A QueryClient with the cache rules of docs/product.md#toasts-and-query-cache and the given way of fetching a key.
 * The retries of docs/product.md#http-client are the cache's alone (the HTTP client tries once): a load is tried
 * again only for a retried status, at most 3 times; a write at most once.
 */
export function createQueryClient(queryFn: QueryFunction): QueryClient {
  const retryDelay = (failureCount: number, error: unknown) => retryDelayAfter(failureCount, error) ?? 0;
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        retry: (failureCount, error) => retryDelayAfter(failureCount, error) !== null,
        retryDelay,
        staleTime: FRESH_MS,
        gcTime: KEPT_MS,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < WRITE_RETRIES && retryDelayAfter(failureCount, error) !== null,
        retryDelay,
      },
    },
  });
}
