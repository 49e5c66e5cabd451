import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import {
  activeProjectStatuses,
  type MilestoneDue,
  type ProjectFeed,
  type ProjectStats,
  type ProjectStatus,
  projectStatuses,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { milestones, projectDocuments, projectPhotos, projects, projectUpdates, users } from "../../db/schema.js";
import { accessDenied } from "../../platform/errors.js";
import { markdownExcerpt } from "../../platform/markdown.js";
import { readableBy, readsEveryProject } from "./access-sql.js";
import { addDays, daysBetween, todayInLagos } from "./dates.js";
import { personRef } from "./people.js";

const FEED_SIZE = 10;
const UPCOMING_DAYS = 30;
const LIST_LIMIT = 50;
const EXCERPT_LENGTH = 280;

/** Requested, planning and in-progress work: the value of the pipeline (SPEC issue: Business Administration). */
const PIPELINE_STATUSES: readonly ProjectStatus[] = ["requested", "planning", "in_progress"];

const projectRef = { projectId: projects.id, projectTitle: projects.title, projectReference: projects.reference };

/** Open milestones of active projects readable by the viewer, due by a date, soonest first. */
async function openMilestonesDueBy(db: AppDb, viewer: Viewer, lastDay: string): Promise<MilestoneDue[]> {
  const rows = await db
    .select({ ...projectRef, id: milestones.id, title: milestones.title, dueDate: milestones.dueDate })
    .from(milestones)
    .innerJoin(projects, eq(projects.id, milestones.projectId))
    .where(
      and(
        readableBy(viewer),
        inArray(projects.status, [...activeProjectStatuses]),
        isNull(milestones.doneOn),
        isNotNull(milestones.dueDate),
        lte(milestones.dueDate, lastDay),
      ),
    )
    .orderBy(asc(milestones.dueDate), asc(milestones.id))
    .limit(LIST_LIMIT * 2);
  return rows.map((row) => ({ ...row, dueDate: row.dueDate ?? lastDay }));
}

/** The dashboards' views across projects: the client's feed and the office's figures. */
export function createOverview(db: AppDb) {
  return {
    /** For the caller's readable projects: latest site updates, milestones due within 30 days or overdue, latest documents. */
    async feed(viewer: Viewer): Promise<ProjectFeed> {
      const today = todayInLagos();
      const readable = readableBy(viewer);
      const updates = await db
        .select({
          ...projectRef,
          id: projectUpdates.id,
          body: projectUpdates.body,
          createdAt: projectUpdates.createdAt,
          authorId: projectUpdates.authorId,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatarUrl,
          photoCount: sql<number>`(select count(*)::int from ${projectPhotos} where ${projectPhotos.updateId} = ${projectUpdates.id})`,
        })
        .from(projectUpdates)
        .innerJoin(projects, eq(projects.id, projectUpdates.projectId))
        .leftJoin(users, eq(users.id, projectUpdates.authorId))
        .where(readable)
        .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id))
        .limit(FEED_SIZE);
      const due = await openMilestonesDueBy(db, viewer, addDays(today, UPCOMING_DAYS));
      const documents = await db
        .select({
          ...projectRef,
          id: projectDocuments.id,
          title: projectDocuments.title,
          fileName: projectDocuments.fileName,
          contentType: projectDocuments.contentType,
          sizeBytes: projectDocuments.sizeBytes,
          createdAt: projectDocuments.createdAt,
        })
        .from(projectDocuments)
        .innerJoin(projects, eq(projects.id, projectDocuments.projectId))
        .where(readable)
        .orderBy(desc(projectDocuments.createdAt), desc(projectDocuments.id))
        .limit(FEED_SIZE);
      return {
        updates: updates.map(({ authorId, firstName, lastName, avatar, body, createdAt, ...row }) => ({
          ...row,
          // A preview: the entry's words without their Markdown marks.
          body: markdownExcerpt(body, EXCERPT_LENGTH),
          author: personRef(authorId, firstName, lastName, avatar),
          createdAt: createdAt.toISOString(),
        })),
        milestones: {
          upcoming: due.filter((milestone) => milestone.dueDate >= today).slice(0, LIST_LIMIT),
          overdue: due.filter((milestone) => milestone.dueDate < today).slice(0, LIST_LIMIT),
        },
        documents: documents.map(({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
      };
    },

    /** Figures over every project, for admins and the departments that oversee them all (403 for others). */
    async stats(viewer: Viewer): Promise<ProjectStats> {
      if (!readsEveryProject(viewer)) throw accessDenied();
      const today = todayInLagos();
      const groups = await db
        .select({ status: projects.status, projects: count(), budget: sql<number>`coalesce(sum(${projects.budgetKobo}), 0)::bigint` })
        .from(projects)
        .groupBy(projects.status);
      const byStatus = Object.fromEntries(projectStatuses.map((status) => [status, 0])) as Record<ProjectStatus, number>;
      let pipelineValueKobo = 0;
      for (const group of groups) {
        byStatus[group.status] = group.projects;
        if (PIPELINE_STATUSES.includes(group.status)) pipelineValueKobo += Number(group.budget);
      }
      const ended = byStatus.completed + byStatus.cancelled;
      const overdue = (await openMilestonesDueBy(db, viewer, addDays(today, -1))).slice(0, LIST_LIMIT);
      return {
        byStatus,
        total: projectStatuses.reduce((sum, status) => sum + byStatus[status], 0),
        active: activeProjectStatuses.reduce((sum, status) => sum + byStatus[status], 0),
        completionRate: ended > 0 ? byStatus.completed / ended : null,
        pipelineValueKobo,
        overdueMilestones: overdue.map((milestone) => ({ ...milestone, daysOverdue: daysBetween(milestone.dueDate, today) })),
      };
    },
  };
}

export type Overview = ReturnType<typeof createOverview>;
