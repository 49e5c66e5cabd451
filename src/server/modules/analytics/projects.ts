import { and, gte, isNotNull, sql } from "drizzle-orm";
import type { ProjectsAnalytics } from "../../../shared/analytics.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries, projects } from "../../db/schema.js";
import { bucketOf, bucketOfDate, byKey, type Period, perBucket, periodFields, sum } from "./period.js";

const KOBO_PER_NAIRA = 100;

/**
 * GET /api/admin/analytics/projects: projects started (their start date) and completed (their completion date) per
 * bucket; the projects created in the timeframe by status and category with their progress, budget and spending;
 * contact inquiries received and how many became projects.
 */
export async function projectsAnalytics(db: AppDb, period: Period): Promise<ProjectsAnalytics> {
  const total = sql<number>`count(*)::int`;
  const from = period.from;
  const created = gte(projects.createdAt, period.fromDate);
  const startedBucket = bucketOfDate(period.granularity, projects.startDate);
  const completedBucket = bucketOfDate(period.granularity, projects.completedOn);
  const inquiryBucket = bucketOf(period.granularity, contactInquiries.createdAt);
  const [startedRows, completedRows, inquiryRows, byStatus, byCategory, [cohort]] = await Promise.all([
    db
      .select({ bucket: startedBucket, total })
      .from(projects)
      .where(and(isNotNull(projects.startDate), gte(projects.startDate, from)))
      .groupBy(startedBucket),
    db
      .select({ bucket: completedBucket, total })
      .from(projects)
      .where(and(isNotNull(projects.completedOn), gte(projects.completedOn, from)))
      .groupBy(completedBucket),
    db
      .select({
        bucket: inquiryBucket,
        total,
        converted: sql<number>`count(${contactInquiries.projectId})::int`,
      })
      .from(contactInquiries)
      .where(gte(contactInquiries.createdAt, period.fromDate))
      .groupBy(inquiryBucket),
    db.select({ key: projects.status, total }).from(projects).where(created).groupBy(projects.status),
    db.select({ key: projects.category, total }).from(projects).where(created).groupBy(projects.category),
    db
      .select({
        total,
        averageProgress: sql<number | null>`round(avg(${projects.progress}), 1)::float`,
        budgetKobo: sql<number>`coalesce(sum(${projects.budgetKobo}), 0)::float`,
        spentKobo: sql<number>`coalesce(sum(${projects.spentKobo}), 0)::float`,
      })
      .from(projects)
      .where(created),
  ]);
  const started = perBucket(period.starts, startedRows);
  const completed = perBucket(period.starts, completedRows);
  const inquiries = perBucket(period.starts, inquiryRows);
  const converted = perBucket(
    period.starts,
    inquiryRows.map((row) => ({ bucket: row.bucket, total: row.converted })),
  );
  return {
    ...periodFields(period),
    buckets: period.starts.map((start, i) => ({
      start,
      started: started[i] ?? 0,
      completed: completed[i] ?? 0,
      inquiries: inquiries[i] ?? 0,
      converted: converted[i] ?? 0,
    })),
    started: sum(started),
    completed: sum(completed),
    created: Number(cohort?.total ?? 0),
    byStatus: byKey(byStatus),
    byCategory: byKey(byCategory),
    averageProgress: cohort?.averageProgress === null || cohort?.averageProgress === undefined ? null : Number(cohort.averageProgress),
    budgetNaira: Number(cohort?.budgetKobo ?? 0) / KOBO_PER_NAIRA,
    spentNaira: Number(cohort?.spentKobo ?? 0) / KOBO_PER_NAIRA,
    inquiries: sum(inquiries),
    converted: sum(converted),
  };
}
