import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { Button } from "./Button";

type PagedQuery = Pick<UseInfiniteQueryResult, "hasNextPage" | "isFetchingNextPage" | "fetchNextPage">;

/** The next page of a list fetched page by page ("Load more photos"); nothing once the last one is shown. */
export function LoadMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? "Loading..." : label}
    </Button>
  );
}
