import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Viewer } from "../../../../shared/access.js";
import type { ProjectReport } from "../../../../shared/answers/reports.js";
import { resolvePreferences } from "../../../../shared/notifications.js";
import { REPORT_MAX_BYTES, reportMessages } from "../../../../shared/reports.js";
import type { AppDb } from "../../../db/client.js";
import { projectReports, projects, users } from "../../../db/schema.js";
import { attachmentHeader } from "../../../platform/downloads.js";
import { ApiError } from "../../../platform/envelope.js";
import { pdfThumbnails } from "../../../platform/pdf-photos.js";
import type { FileStorage, ObjectStore } from "../../../platform/storage.js";
import { type Notify, projectLink } from "../events.js";
import type { ProjectGuard } from "../guard.js";
import { personRef } from "../people.js";
import { readReportData } from "./report-data.js";
import { reportNotice } from "./report-email.js";
import type { ReportLinks } from "./report-links.js";
import { renderReportPdf } from "./report-pdf.js";
import { type ReportWeek, weekOf, weekOfDay } from "./week.js";

/** The reports a project's list shows: a year of weekly ones, and room for those made on demand. */
const LISTED_REPORTS = 100;
/** A project that is over or was never started has nothing to report each week. */
const INACTIVE_STATUSES = ["requested", "completed", "cancelled"] as const;

type ReportRow = typeof projectReports.$inferSelect;

export const reportNotFound = () => new ApiError(404, reportMessages.notFound, "not_found");

/** A report's PDF, ready to send: its stream, size and file name. */
export type ReportFile = { stream: Readable; sizeBytes: number; contentDisposition: string };

const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Weekly progress reports (docs/decisions/139-weekly-reports.md): made as PDFs into the document store, by the Monday
 * schedule or on demand by the office; listed and downloaded by the project's readers; emailed to the client with a
 * signed link that opens one report without signing in.
 */
export function createReports(deps: {
  db: AppDb;
  guard: ProjectGuard;
  photoStorage: FileStorage;
  documentStorage: ObjectStore;
  links: ReportLinks;
  notify: Notify;
  publicOrigin: string;
  log: { error(details: object, message: string): void };
}) {
  const { db, guard, documentStorage, links } = deps;

  function answer(row: ReportRow, maker: ReturnType<typeof personRef>): ProjectReport {
    const week = weekOfDay(row.weekStart);
    return {
      id: row.id,
      weekStart: week.startDay,
      weekEnd: week.endDay,
      madeAt: row.madeAt.toISOString(),
      madeBy: maker,
      scheduled: row.scheduled,
      progress: row.progress,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      downloadUrl: `/api/projects/${row.projectId}/reports/${row.id}`,
    };
  }

  async function listed(projectId: number, reportId?: number): Promise<ProjectReport[]> {
    const rows = await db
      .select({ report: projectReports, first: users.firstName, last: users.lastName, avatar: users.avatarUrl })
      .from(projectReports)
      .leftJoin(users, eq(users.id, projectReports.madeById))
      .where(and(eq(projectReports.projectId, projectId), reportId ? eq(projectReports.id, reportId) : undefined))
      .orderBy(desc(projectReports.madeAt), desc(projectReports.id))
      .limit(LISTED_REPORTS);
    return rows.map(({ report, first, last, avatar }) => answer(report, personRef(report.madeById, first, last, avatar)));
  }

  /** Tells the project's client (the bell, and the email with its signed link), as they chose; never fails the report. */
  async function tellClient(row: ReportRow, data: Awaited<ReturnType<typeof readReportData>>) {
    try {
      const [project] = await db.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, row.projectId));
      if (!project?.clientId) return;
      const notice = reportNotice(data, row, links, deps.publicOrigin);
      await deps.notify([project.clientId], { ...notice, link: `${projectLink(row.projectId)}?section=reports`, projectId: row.projectId });
    } catch (error) {
      deps.log.error({ err: error, projectId: row.projectId, reportId: row.id }, "the weekly report could not be announced");
    }
  }

  /**
   * Makes a project's report of `week`: reads it, draws the PDF, stores it, records it, tells the client. A scheduled
   * report is made once per project and week: null when one exists already, or when another instance recorded it
   * first (its PDF is then removed again).
   */
  async function make(projectId: number, week: ReportWeek, madeBy: string | null): Promise<ReportRow | null> {
    const scheduled = madeBy === null;
    if (scheduled) {
      const [existing] = await db
        .select({ id: projectReports.id })
        .from(projectReports)
        .where(
          and(eq(projectReports.projectId, projectId), eq(projectReports.weekStart, week.startDay), eq(projectReports.scheduled, true)),
        );
      if (existing) return null;
    }
    const madeAt = new Date();
    const data = await readReportData(db, projectId, week, madeAt);
    const pdf = await renderReportPdf(data, await pdfThumbnails(deps.photoStorage, data.photos.shown));
    if (pdf.length > REPORT_MAX_BYTES) throw new Error(`the report of project ${projectId} is ${pdf.length} bytes, over its limit`);
    const storageKey = `reports/${projectId}/${randomUUID()}.pdf`;
    await documentStorage.put(storageKey, pdf, "application/pdf");
    let row: ReportRow | undefined;
    try {
      [row] = await db
        .insert(projectReports)
        .values({
          projectId,
          weekStart: week.startDay,
          scheduled,
          progress: data.project.progress,
          madeAt,
          madeById: madeBy,
          sizeBytes: pdf.length,
          sha256: sha256Of(pdf),
          storageKey,
        })
        .onConflictDoNothing({ target: [projectReports.projectId, projectReports.weekStart], where: sql`${projectReports.scheduled}` })
        .returning();
    } catch (error) {
      await documentStorage.remove(storageKey);
      throw error;
    }
    if (!row) {
      await documentStorage.remove(storageKey);
      return null;
    }
    await tellClient(row, data);
    return row;
  }

  async function fileOf(row: Pick<ReportRow, "storageKey" | "weekStart" | "projectId">): Promise<ReportFile> {
    const stored = await documentStorage.open(row.storageKey);
    if (!stored) throw reportNotFound();
    const [project] = await db.select({ reference: projects.reference }).from(projects).where(eq(projects.id, row.projectId));
    return {
      stream: stored.stream,
      sizeBytes: stored.sizeBytes,
      contentDisposition: attachmentHeader(`Crestbuild report ${project?.reference ?? row.projectId} week of ${row.weekStart}.pdf`),
    };
  }

  return {
    async list(viewer: Viewer, projectId: number): Promise<{ items: ProjectReport[] }> {
      await guard.read(viewer, projectId);
      return { items: await listed(projectId) };
    },

    /** This week's report so far, made now by someone of the project office (POST /reports). */
    async makeNow(viewer: Viewer, projectId: number): Promise<ProjectReport> {
      await guard.edit(viewer, projectId);
      const row = await make(projectId, weekOf(new Date()), viewer.id);
      const [report] = row ? await listed(projectId, row.id) : [];
      if (!report) throw new Error("the report was not recorded");
      return report;
    },

    /** The week's reports of every active project not yet made (the Monday schedule); answers how many were made. */
    async makeScheduled(week: ReportWeek): Promise<number> {
      const active = await db
        .select({ id: projects.id })
        .from(projects)
        .where(notInArray(projects.status, [...INACTIVE_STATUSES]))
        .orderBy(projects.id);
      let made = 0;
      for (const project of active) {
        try {
          if (await make(project.id, week, null)) made += 1;
        } catch (error) {
          deps.log.error({ err: error, projectId: project.id }, "a weekly report could not be made");
        }
      }
      return made;
    },

    /** A report's PDF for a reader of its project (404 for anyone else, and for another project's report). */
    async open(viewer: Viewer, projectId: number, reportId: number): Promise<ReportFile> {
      await guard.read(viewer, projectId);
      const [row] = await db
        .select()
        .from(projectReports)
        .where(and(eq(projectReports.id, reportId), eq(projectReports.projectId, projectId)));
      if (!row) throw reportNotFound();
      return fileOf(row);
    },

    /** The PDF a signed link names (no sign-in): 404 for a broken link, 410 once it has expired. */
    async openByLink(token: string): Promise<ReportFile> {
      const check = links.checkReportToken(token);
      if (!check.ok) {
        throw check.reason === "expired"
          ? new ApiError(410, reportMessages.linkExpired, "link_expired")
          : new ApiError(404, reportMessages.linkBroken, "not_found");
      }
      const [row] = await db
        .select()
        .from(projectReports)
        .where(and(eq(projectReports.id, check.claims.reportId), eq(projectReports.projectId, check.claims.projectId)));
      if (!row) throw new ApiError(404, reportMessages.linkBroken, "not_found");
      return fileOf(row);
    },

    /** Whether an unsubscribe link is one the server signed (its page asks before anything changes). */
    namesAccount: (token: string) => links.unsubscribeUserOf(token) !== null,

    /** Turns off the weekly report emails of the account an unsubscribe link names; false for a broken link. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = links.unsubscribeUserOf(token);
      if (!userId) return false;
      const [user] = await db.select({ stored: users.notificationPreferences }).from(users).where(eq(users.id, userId));
      if (!user) return false;
      const preferences = resolvePreferences(user.stored);
      await db
        .update(users)
        .set({
          notificationPreferences: { ...preferences, weekly_report: { ...preferences.weekly_report, email: false } },
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return true;
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
