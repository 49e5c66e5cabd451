import { type QueryKey, queryOptions } from "@tanstack/react-query";

/** Query keys are [apiPath, params?]: one key both names the data and says where to fetch it. */
export type ApiQueryKey = readonly [path: string, params?: Record<string, string | number | undefined>];

/** The API path (without /api) with its parameters as a query string. */
export function apiPathOf(queryKey: QueryKey): string {
  const [path, params] = queryKey as unknown as ApiQueryKey;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A predicate for invalidateQueries: whether a cached query's API path (its key's first part) starts with this. */
export const pathStartsWith =
  (prefix: string) =>
  (query: { queryKey: QueryKey }): boolean =>
    typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(prefix);

/**
 * Queries marked `meta: { private: true }` hold one user's data: they are dropped when the user
 * changes, so the next person at this browser never sees them.
 */
export const PRIVATE_QUERY_META = { private: true } as const;

/** One signed-in user's data from the API (the portal's screens), fetched by its key. */
export const privateQuery = <T>(key: ApiQueryKey) => queryOptions<T>({ queryKey: key, meta: PRIVATE_QUERY_META });
