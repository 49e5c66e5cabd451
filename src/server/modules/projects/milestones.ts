import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Viewer } from "../../../shared/access.js";
import type {
  Milestone,
  MilestoneChange,
  milestoneCreateSchema,
  milestoneMoveSchema,
  milestoneUpdateSchema,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { milestones, projects } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import { todayInLagos } from "./dates.js";
import { projectMilestones, toMilestone } from "./detail.js";
import type { ProjectEvents, ProjectNotice } from "./events.js";
import type { EvidenceLog } from "./evidence/log.js";
import { type ProjectGuard, projectNotFound } from "./guard.js";
import { recomputeProgress, touchProject } from "./progress.js";
import { byDueDate, lockSchedule, placeMilestone } from "./schedule-order.js";

const milestoneNotFound = () => new ApiError(404, "Milestone not found.", "not_found");

/** The input of each change, checked by the route's schema (after the route checked the caller may edit the project). */
type MilestoneCreate = z.output<typeof milestoneCreateSchema>;
type MilestoneUpdate = z.output<typeof milestoneUpdateSchema>;
type MilestoneMove = z.output<typeof milestoneMoveSchema>;

/** The schedule of a project. Every change recomputes the progress of a project in milestones mode. */
export function createMilestones(deps: { db: AppDb; log: EvidenceLog; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, log, guard, events } = deps;

  async function project(projectId: number) {
    const [row] = await db.select({ title: projects.title, progress: projects.progress }).from(projects).where(eq(projects.id, projectId));
    if (!row) throw projectNotFound();
    return row;
  }

  /** Runs a change and its progress recompute together, then tells the people on the project. */
  async function change(
    viewer: Viewer,
    projectId: number,
    work: (tx: AppDb) => Promise<typeof milestones.$inferSelect | null>,
    notice: (milestone: typeof milestones.$inferSelect) => ProjectNotice | null,
  ) {
    const before = await project(projectId);
    const { milestone, progress } = await db.transaction(async (tx) => {
      const changed = await work(tx);
      const recomputed = await recomputeProgress(tx, projectId);
      await touchProject(tx, projectId);
      return { milestone: changed, progress: recomputed ?? before.progress };
    });
    const notices: ProjectNotice[] = [];
    const milestoneNotice = milestone ? notice(milestone) : null;
    if (milestoneNotice) notices.push(milestoneNotice);
    if (progress !== before.progress) notices.push({ kind: "project_progress", title: `${before.title} is ${progress}% complete` });
    await events.changed(projectId, viewer.id, notices);
    return { milestone, progress };
  }

  return {
    async add(viewer: Viewer, projectId: number, input: MilestoneCreate): Promise<MilestoneChange> {
      await guard.edit(viewer, projectId);
      const { milestone, progress } = await change(
        viewer,
        projectId,
        async (tx) => {
          const { position, ...fields } = input;
          await lockSchedule(tx, projectId);
          const [row] = await tx
            .insert(milestones)
            .values({ ...fields, projectId, position: 0 })
            .returning();
          if (!row) return null;
          // By its due date, unless the caller named its place.
          await placeMilestone(tx, projectId, row.id, position === undefined ? byDueDate(row.dueDate) : () => position);
          return (await tx.select().from(milestones).where(eq(milestones.id, row.id)))[0] ?? null;
        },
        () => null,
      );
      if (!milestone) throw milestoneNotFound();
      return { milestone: toMilestone(milestone, viewer), progress };
    },

    /** Edits a milestone; `done: true` marks it done (today unless doneOn is given) and tells the people on the project. */
    async update(viewer: Viewer, projectId: number, milestoneId: number, input: MilestoneUpdate): Promise<MilestoneChange> {
      await guard.edit(viewer, projectId);
      const { done, doneOn, position, ...fields } = input;
      const [current] = await db
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
      if (!current) throw milestoneNotFound();
      const nextDoneOn = done === false ? null : done === true || doneOn ? (doneOn ?? current.doneOn ?? todayInLagos()) : current.doneOn;
      const becameDone = current.doneOn === null && nextDoneOn !== null;
      const reopened = current.doneOn !== null && nextDoneOn === null;
      const { title } = await project(projectId);
      const { milestone, progress } = await change(
        viewer,
        projectId,
        async (tx) => {
          await lockSchedule(tx, projectId);
          const [row] = await tx
            .update(milestones)
            .set({ ...fields, doneOn: nextDoneOn, updatedAt: new Date() })
            .where(eq(milestones.id, milestoneId))
            .returning();
          if (!row) return null;
          if (becameDone || reopened) {
            await log.append(tx, {
              projectId,
              kind: becameDone ? "milestone_done" : "milestone_reopened",
              subjectId: milestoneId,
              content: { milestoneId, title: row.title, doneOn: row.doneOn, weight: row.weight },
              recordedById: viewer.id,
            });
          }
          // A new due date takes it to its place by date; a position given puts it there.
          const redated = fields.dueDate !== undefined && fields.dueDate !== current.dueDate;
          if (position !== undefined) await placeMilestone(tx, projectId, milestoneId, () => position);
          else if (redated) await placeMilestone(tx, projectId, milestoneId, byDueDate(row.dueDate));
          return (await tx.select().from(milestones).where(eq(milestones.id, milestoneId)))[0] ?? null;
        },
        (changed) => (becameDone ? { kind: "milestone_done", title: `Milestone done on ${title}: ${changed.title}` } : null),
      );
      if (!milestone) throw milestoneNotFound();
      return { milestone: toMilestone(milestone, viewer), progress };
    },

    /** Moves a milestone one place up or down the schedule (the office's order where it is not by due date). */
    async move(viewer: Viewer, projectId: number, milestoneId: number, { direction }: MilestoneMove): Promise<{ milestones: Milestone[] }> {
      await guard.edit(viewer, projectId);
      const [current] = await db
        .select({ id: milestones.id })
        .from(milestones)
        .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
      if (!current) throw milestoneNotFound();
      await db.transaction(async (tx) => {
        await lockSchedule(tx, projectId);
        await placeMilestone(tx, projectId, milestoneId, (_others, index) => (direction === "up" ? index - 1 : index + 1));
        await touchProject(tx, projectId);
      });
      await events.changed(projectId, viewer.id, []);
      return { milestones: await projectMilestones(db, projectId, viewer) };
    },

    async remove(viewer: Viewer, projectId: number, milestoneId: number): Promise<{ progress: number }> {
      await guard.edit(viewer, projectId);
      const [current] = await db
        .select({ id: milestones.id })
        .from(milestones)
        .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
      if (!current) throw milestoneNotFound();
      const { progress } = await change(
        viewer,
        projectId,
        async (tx) => {
          await tx.delete(milestones).where(eq(milestones.id, milestoneId));
          return null;
        },
        () => null,
      );
      return { progress };
    },
  };
}

export type Milestones = ReturnType<typeof createMilestones>;
