import type { Granularity } from "../../../shared/analytics";

const day = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });
const month = new Intl.DateTimeFormat("en-NG", { month: "short", year: "numeric", timeZone: "UTC" });

/** A bucket's name as a row of a table says it: "23 Nov", "Week of 17 Nov", "Nov 2026" (buckets are UTC days). */
export function bucketLabel(granularity: Granularity, start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (granularity === "month") return month.format(date);
  return granularity === "week" ? `Week of ${day.format(date)}` : day.format(date);
}
