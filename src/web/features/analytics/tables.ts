import type { Granularity } from "../../../shared/analytics";
import { bucketLabel } from "./buckets";
import type { Table } from "./ChartPanel";
import type { Series } from "./charts";

type Bucket = { start: string } & Record<string, string | number>;

/** Figures per bucket as the chart's points and the table's rows (first column: the period). */
export function timeFigures(granularity: Granularity, buckets: Bucket[], series: Series[]) {
  const data: Bucket[] = buckets.map((bucket) => ({ ...bucket, label: bucketLabel(granularity, bucket.start) }));
  const table: Table = {
    columns: [granularity === "day" ? "Day" : granularity === "week" ? "Week" : "Month", ...series.map((line) => line.name)],
    rows: data.map((point) => [String(point.label), ...series.map((line) => Number(point[line.key] ?? 0))]),
  };
  const isEmpty = buckets.every((bucket) => series.every((line) => !bucket[line.key]));
  return { data, table, isEmpty };
}

/** A breakdown (counts by a key) as bars and rows, largest first; `nameOf` says a key in words. */
export function breakdownFigures(
  entries: Record<string, number> | { key: string; value: number }[],
  keyColumn: string,
  nameOf: (key: string) => string = (key) => key,
) {
  const list = Array.isArray(entries) ? entries : Object.entries(entries).map(([key, value]) => ({ key, value }));
  const data = list
    .filter((entry) => entry.value > 0)
    .sort((a, b) => b.value - a.value)
    .map((entry) => ({ name: nameOf(entry.key), value: entry.value }));
  const table: Table = { columns: [keyColumn, "Count"], rows: data.map((entry) => [entry.name, entry.value]) };
  return { data, table, isEmpty: data.length === 0 };
}
