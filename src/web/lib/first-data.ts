import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type ApiQueryKey, apiPathOf } from "./query/api-query";

/**
 * One answer a signed-in screen shows first: the API path its HTML asks for as soon as the session is renewed
 * (docs/decisions/109-first-data-from-the-html.md), and where that answer goes in the query cache when the server
 * renders the screen for its viewer (docs/decisions/111-dashboard-rendered-for-its-viewer.md).
 */
export type FirstData = { path: string; seed: (queryClient: QueryClient, answer: unknown) => void };

/** A query's answer, kept under the query's own key. */
export const firstDataOf = (query: { queryKey: QueryKey }): FirstData => ({
  path: apiPathOf(query.queryKey),
  seed: (queryClient, answer) => queryClient.setQueryData(query.queryKey, answer),
});

/** The first page of a paged (infinite) query: its answer is that query's first page. */
export const firstPageOf = (query: { queryKey: QueryKey; initialPageParam: unknown }, pageKey: ApiQueryKey): FirstData => ({
  path: apiPathOf(pageKey),
  seed: (queryClient, answer) => queryClient.setQueryData(query.queryKey, { pages: [answer], pageParams: [query.initialPageParam] }),
});
