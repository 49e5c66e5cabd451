import { and, desc, eq, gte, inArray, like, sql } from "drizzle-orm";
import { type SiteAnalytics, type WebVital, webVitals } from "../../../shared/analytics.js";
import type { AppDb } from "../../db/client.js";
import { analyticsDaily } from "../../db/schema.js";
import { bucketOfDate, type Period, perBucket, periodFields, sum } from "./period.js";
import { p75FromBins } from "./vitals.js";

const TOP = 10;

/** GET /api/admin/analytics/site: the public website's figures, read from the daily roll-ups only. */
export async function siteAnalytics(db: AppDb, period: Period): Promise<SiteAnalytics> {
  const since = gte(analyticsDaily.day, period.from);
  const total = sql<number>`sum(${analyticsDaily.value})::float`;
  const bucket = bucketOfDate(period.granularity, analyticsDaily.day);
  const ranked = (metric: string) =>
    db
      .select({ key: analyticsDaily.key, value: total })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.metric, metric), since))
      .groupBy(analyticsDaily.key)
      .orderBy(desc(total), analyticsDaily.key)
      .limit(TOP);
  const [seriesRows, topPages, referrers, devices, vitalRows] = await Promise.all([
    db
      .select({ bucket, metric: analyticsDaily.metric, total })
      .from(analyticsDaily)
      .where(and(inArray(analyticsDaily.metric, ["views", "visitors", "conversions"]), since))
      .groupBy(bucket, analyticsDaily.metric),
    ranked("page"),
    ranked("referrer"),
    ranked("device"),
    db
      .select({ metric: analyticsDaily.metric, key: analyticsDaily.key, total })
      .from(analyticsDaily)
      .where(and(like(analyticsDaily.metric, "vital:%"), since))
      .groupBy(analyticsDaily.metric, analyticsDaily.key),
  ]);
  const series = (metric: string) =>
    perBucket(
      period.starts,
      seriesRows.filter((row) => row.metric === metric),
    );
  const [views, visitors, conversions] = [series("views"), series("visitors"), series("conversions")];
  const vitalOf = (metric: WebVital) =>
    p75FromBins(
      metric,
      vitalRows.filter((row) => row.metric === `vital:${metric}`).map((row) => ({ bin: Number(row.key), count: Number(row.total) })),
    );
  const numbers = (rows: { key: string; value: number }[]) => rows.map((row) => ({ key: row.key, value: Number(row.value) }));
  return {
    ...periodFields(period),
    buckets: period.starts.map((start, i) => ({
      start,
      views: views[i] ?? 0,
      visitors: visitors[i] ?? 0,
      conversions: conversions[i] ?? 0,
    })),
    views: sum(views),
    visitors: sum(visitors),
    conversions: sum(conversions),
    topPages: numbers(topPages),
    referrers: numbers(referrers),
    devices: numbers(devices),
    vitals: Object.fromEntries(webVitals.map((metric) => [metric, vitalOf(metric)])) as SiteAnalytics["vitals"],
  };
}
