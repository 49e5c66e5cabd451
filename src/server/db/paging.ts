import { type SQLWrapper, sql } from "drizzle-orm";
import type { CountedPage, Page } from "../../shared/paging.js";

/** Which page of a numbered list is asked for (1 is the first), and how many items a page holds. */
export type PageRequest = { page: number; pageSize: number };

/** How many rows come before the page asked for: the query's offset. */
export const offsetOf = ({ page, pageSize }: PageRequest): number => (page - 1) * pageSize;

/**
 * The page of `total` items that `items` are, with its page count (an empty list still has one, empty, page).
 * With `beyondLast`, a page past the last is refused with that error rather than answered empty.
 */
export function pageOf<T>(items: T[], total: number, request: PageRequest, beyondLast?: () => Error): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / request.pageSize));
  if (beyondLast && request.page > pageCount) throw beyondLast();
  return { items, total, page: request.page, pageSize: request.pageSize, pageCount };
}

/**
 * A page of a list filtered by status, from a count query grouped by status (`select status, count(*) … group by
 * status`, under every filter but the status): each status gets its count (0 when absent) and the page's total is
 * the chosen status's count, or all of them without one.
 */
export function countedPageOf<T, Status extends string>(
  items: T[],
  byStatus: readonly { status: string; total: number }[],
  statuses: readonly Status[],
  request: PageRequest & { status?: Status },
): CountedPage<T, Status> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>;
  const isStatus = (status: string): status is Status => (statuses as readonly string[]).includes(status);
  for (const { status, total } of byStatus) if (isStatus(status)) counts[status] = total;
  const total = request.status ? counts[request.status] : statuses.reduce((sum, status) => sum + counts[status], 0);
  return { ...pageOf(items, total, request), counts };
}

/** One status's count, as `countedPageOf` reads them. */
export type StatusCount = { status: string; total: number };

/**
 * The count by status (`select status, count(*) as total … group by status`) as one column of the page's own query:
 * the database counts once and answers a JSON array on each row, so a page and its counts come in one round trip.
 * A page with no row carries none: the caller then runs `byStatus` itself.
 */
export const statusCountsColumn = (byStatus: SQLWrapper) =>
  sql<StatusCount[]>`(select coalesce(json_agg(by_status), '[]'::json) from (${byStatus}) as by_status)`;
