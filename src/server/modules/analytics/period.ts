import { type SQL, sql } from "drizzle-orm";
import type { AnalyticsPeriod, Granularity, Timeframe } from "../../../shared/analytics.js";

const DAY = 86_400_000;

/** A timeframe's period with each bucket's start (YYYY-MM-DD, UTC), oldest first, ending with the current one. */
export type Period = AnalyticsPeriod & { starts: string[]; fromDate: Date };

const isoDay = (time: Date) => time.toISOString().slice(0, 10);
const utcDay = (time: Date) => new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));

function bucketStarts(timeframe: Timeframe, today: Date): { granularity: Granularity; starts: Date[] } {
  if (timeframe === "7d" || timeframe === "30d") {
    const days = timeframe === "7d" ? 7 : 30;
    return { granularity: "day", starts: Array.from({ length: days }, (_, i) => new Date(today.getTime() - (days - 1 - i) * DAY)) };
  }
  if (timeframe === "90d") {
    // Weeks start on Monday, as PostgreSQL's date_trunc('week') does; the first holds the day 89 days ago.
    const mondayOf = (day: Date) => new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
    const first = mondayOf(new Date(today.getTime() - 89 * DAY));
    const weeks = Math.round((mondayOf(today).getTime() - first.getTime()) / (7 * DAY)) + 1;
    return { granularity: "week", starts: Array.from({ length: weeks }, (_, i) => new Date(first.getTime() + i * 7 * DAY)) };
  }
  const starts = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1)));
  return { granularity: "month", starts };
}

export function periodOf(timeframe: Timeframe, now: Date): Period {
  const { granularity, starts } = bucketStarts(timeframe, utcDay(now));
  const fromDate = starts[0] ?? utcDay(now);
  return { timeframe, granularity, from: isoDay(fromDate), to: isoDay(now), starts: starts.map(isoDay), fromDate };
}

/** The start (YYYY-MM-DD) of the bucket a timestamp or date column falls in, in UTC. */
export function bucketOf(granularity: Granularity, column: SQL | unknown): SQL<string> {
  const day = sql`(${column} at time zone 'UTC')`;
  return sql<string>`to_char(date_trunc(${sql.raw(`'${granularity}'`)}, ${day}), 'YYYY-MM-DD')`;
}

/** The same for a calendar-date column (a date, or YYYY-MM-DD text). */
export function bucketOfDate(granularity: Granularity, column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(date_trunc(${sql.raw(`'${granularity}'`)}, (${column})::date), 'YYYY-MM-DD')`;
}

/** One figure per bucket, 0 where the rows have none. */
export function perBucket(starts: string[], rows: { bucket: string; total: number }[]): number[] {
  const totals = new Map(rows.map((row) => [row.bucket, Number(row.total)]));
  return starts.map((start) => totals.get(start) ?? 0);
}

export const byKey = (rows: { key: string | null; total: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.key ?? "", Number(row.total)]));

/** The period as an answer states it. */
export const periodFields = ({ timeframe, granularity, from, to }: Period): AnalyticsPeriod => ({ timeframe, granularity, from, to });

export const sum = (figures: number[]) => figures.reduce((total, figure) => total + figure, 0);
