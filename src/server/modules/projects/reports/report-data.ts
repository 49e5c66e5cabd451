import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { evidenceVerdictLabels } from "../../../../shared/evidence.js";
import { diaryConditions, projectStatusLabels } from "../../../../shared/project-terms.js";
import type { AppDb } from "../../../db/client.js";
import {
  evidenceEntries,
  liveChecks,
  milestones,
  projectPhotos,
  projectReports,
  projects,
  projectUpdates,
  users,
} from "../../../db/schema.js";
import { markdownToText } from "../../../platform/markdown.js";
import { projectNotFound } from "../guard.js";
import { fullName } from "../people.js";
import type { ReportWeek } from "./week.js";

/** How many coming milestones a report names. */
const COMING_MILESTONES = 5;
/** At most this many verified photos are shown (each thumbnail ~20 KB): the PDF stays far below 2 MB. */
export const MAX_REPORT_PHOTOS = 40;

export type ReportPhoto = { id: number; thumbUrl: string; caption: string; takenAt: Date; verdict: string };
/** A diary entry of the week: who, when, its text and the conditions it records ('Weather: Rain', ...). */
export type ReportDiaryEntry = { author: string; at: Date; text: string; conditions: [string, string][] };
export type ReportLiveCheck = { request: string; requestedAt: Date; dueBy: Date; answeredAt: Date | null };

/** Everything a weekly report says, read from the database (the thumbnails are read from the store afterwards). */
export type ReportData = {
  project: { title: string; reference: string; client: string | null; status: string; progress: number };
  week: ReportWeek;
  madeAt: Date;
  /** The report before this one (its week and the progress then), or null for the project's first. */
  previous: { weekStart: string; progress: number } | null;
  milestonesDone: { title: string; doneOn: string }[];
  milestonesComing: { title: string; dueDate: string | null }[];
  /** The week's verified photos, newest first (at most MAX_REPORT_PHOTOS), how many there were, and how many were not verified. */
  photos: { shown: ReportPhoto[]; verified: number; notVerified: number };
  diary: ReportDiaryEntry[];
  liveChecks: { open: ReportLiveCheck[]; answered: ReportLiveCheck[] };
  /** The evidence log's length and the hash of its last entry (what GET /evidence/verify answers as its head). */
  evidence: { entries: number; head: string | null };
};

const personName = (first: string | null, last: string | null) =>
  first === null ? "A former member" : fullName({ firstName: first, lastName: last ?? "" });

/** Reads what a project's report for `week` says, as of `madeAt`. */
export async function readReportData(db: AppDb, projectId: number, week: ReportWeek, madeAt: Date): Promise<ReportData> {
  const [project] = await db
    .select({
      title: projects.title,
      reference: projects.reference,
      status: projects.status,
      progress: projects.progress,
      clientFirst: users.firstName,
      clientLast: users.lastName,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.clientId))
    .where(eq(projects.id, projectId));
  if (!project) throw projectNotFound();
  const inWeek = (column: AnyPgColumn) => and(gte(column, week.start), lt(column, week.end));

  const [previous] = await db
    .select({ weekStart: projectReports.weekStart, progress: projectReports.progress })
    .from(projectReports)
    .where(and(eq(projectReports.projectId, projectId), lt(projectReports.madeAt, madeAt)))
    .orderBy(desc(projectReports.madeAt), desc(projectReports.id))
    .limit(1);

  const milestonesDone = await db
    .select({ title: milestones.title, doneOn: milestones.doneOn })
    .from(milestones)
    .where(and(eq(milestones.projectId, projectId), gte(milestones.doneOn, week.startDay), lte(milestones.doneOn, week.endDay)))
    .orderBy(asc(milestones.doneOn), asc(milestones.position));
  const milestonesComing = await db
    .select({ title: milestones.title, dueDate: milestones.dueDate })
    .from(milestones)
    .where(and(eq(milestones.projectId, projectId), isNull(milestones.doneOn)))
    .orderBy(asc(milestones.position), asc(milestones.id))
    .limit(COMING_MILESTONES);

  const photoCounts = await db
    .select({ verdict: projectPhotos.verdict, count: sql<number>`count(*)::int` })
    .from(projectPhotos)
    .where(and(eq(projectPhotos.projectId, projectId), inWeek(projectPhotos.createdAt)))
    .groupBy(projectPhotos.verdict);
  const verified = photoCounts.find((row) => row.verdict === "verified")?.count ?? 0;
  const photoRows = await db
    .select({
      id: projectPhotos.id,
      thumbUrl: projectPhotos.thumbUrl,
      caption: projectPhotos.caption,
      capturedAt: projectPhotos.capturedAt,
      createdAt: projectPhotos.createdAt,
      verdict: projectPhotos.verdict,
    })
    .from(projectPhotos)
    .where(and(eq(projectPhotos.projectId, projectId), eq(projectPhotos.verdict, "verified"), inWeek(projectPhotos.createdAt)))
    .orderBy(desc(projectPhotos.createdAt), desc(projectPhotos.id))
    .limit(MAX_REPORT_PHOTOS);

  const diaryRows = await db
    .select({
      body: projectUpdates.body,
      createdAt: projectUpdates.createdAt,
      first: users.firstName,
      last: users.lastName,
      weather: projectUpdates.weather,
      workersOnSite: projectUpdates.workersOnSite,
      equipment: projectUpdates.equipment,
      delays: projectUpdates.delays,
    })
    .from(projectUpdates)
    .leftJoin(users, eq(users.id, projectUpdates.authorId))
    .where(and(eq(projectUpdates.projectId, projectId), inWeek(projectUpdates.createdAt)))
    .orderBy(asc(projectUpdates.createdAt), asc(projectUpdates.id));

  // Open: not answered when the report is made (late ones too); answered: during the week.
  const checkRows = await db
    .select({
      request: liveChecks.request,
      requestedAt: liveChecks.requestedAt,
      dueBy: liveChecks.dueBy,
      answeredAt: liveChecks.answeredAt,
    })
    .from(liveChecks)
    .where(
      and(
        eq(liveChecks.projectId, projectId),
        lt(liveChecks.requestedAt, week.end),
        or(isNull(liveChecks.answeredAt), inWeek(liveChecks.answeredAt)),
      ),
    )
    .orderBy(asc(liveChecks.requestedAt), asc(liveChecks.id));

  const [head] = await db
    .select({ sequence: evidenceEntries.sequence, entryHash: evidenceEntries.entryHash })
    .from(evidenceEntries)
    .where(eq(evidenceEntries.projectId, projectId))
    .orderBy(desc(evidenceEntries.sequence))
    .limit(1);

  return {
    project: {
      title: project.title,
      reference: project.reference,
      client: project.clientFirst === null ? null : personName(project.clientFirst, project.clientLast),
      status: projectStatusLabels[project.status],
      progress: project.progress,
    },
    week,
    madeAt,
    previous: previous ?? null,
    milestonesDone: milestonesDone.flatMap((row) => (row.doneOn ? [{ title: row.title, doneOn: row.doneOn }] : [])),
    milestonesComing,
    photos: {
      shown: photoRows.map((row) => ({
        id: row.id,
        thumbUrl: row.thumbUrl,
        caption: row.caption,
        takenAt: row.capturedAt ?? row.createdAt,
        verdict: evidenceVerdictLabels[row.verdict],
      })),
      verified,
      notVerified: photoCounts.reduce((sum, row) => sum + row.count, 0) - verified,
    },
    diary: diaryRows.map((row) => ({
      author: personName(row.first, row.last),
      at: row.createdAt,
      text: markdownToText(row.body),
      conditions: diaryConditions(row),
    })),
    liveChecks: {
      open: checkRows.filter((row) => row.answeredAt === null),
      answered: checkRows.filter((row) => row.answeredAt !== null),
    },
    evidence: { entries: head?.sequence ?? 0, head: head?.entryHash ?? null },
  };
}
