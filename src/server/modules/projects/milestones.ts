import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import { type Milestone, milestoneCreateSchema, milestoneUpdateSchema } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { milestones, projects } from "../../db/schema.js";
import { ApiError, parseInput } from "../../platform/envelope.js";
import { todayInLagos } from "./dates.js";
import { toMilestone } from "./detail.js";
import type { ProjectEvents, ProjectNotice } from "./events.js";
import { type ProjectGuard, projectNotFound } from "./guard.js";
import { recomputeProgress, touchProject } from "./progress.js";

const milestoneNotFound = () => new ApiError(404, "Milestone not found.", "not_found");

/** A milestone change answers the milestone and the project's progress after it (milestones mode moves it). */
export type MilestoneChange = { milestone: Milestone; progress: number };

/** The schedule of a project. Every change recomputes the progress of a project in milestones mode. */
export function createMilestones(deps: { db: AppDb; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, guard, events } = deps;

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
    async add(viewer: Viewer, projectId: number, body: unknown): Promise<MilestoneChange> {
      await guard.edit(viewer, projectId);
      const input = parseInput(milestoneCreateSchema, body);
      const { milestone, progress } = await change(
        viewer,
        projectId,
        async (tx) => {
          const [last] = await tx
            .select({ position: sql<number | null>`max(${milestones.position})` })
            .from(milestones)
            .where(eq(milestones.projectId, projectId));
          const [row] = await tx
            .insert(milestones)
            .values({ ...input, projectId, position: input.position ?? (last?.position ?? -1) + 1 })
            .returning();
          return row ?? null;
        },
        () => null,
      );
      if (!milestone) throw milestoneNotFound();
      return { milestone: toMilestone(milestone), progress };
    },

    /** Edits a milestone; `done: true` marks it done (today unless doneOn is given) and tells the people on the project. */
    async update(viewer: Viewer, projectId: number, milestoneId: number, body: unknown): Promise<MilestoneChange> {
      await guard.edit(viewer, projectId);
      const { done, doneOn, ...fields } = parseInput(milestoneUpdateSchema, body);
      const [current] = await db
        .select()
        .from(milestones)
        .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, projectId)));
      if (!current) throw milestoneNotFound();
      const nextDoneOn = done === false ? null : done === true || doneOn ? (doneOn ?? current.doneOn ?? todayInLagos()) : current.doneOn;
      const becameDone = current.doneOn === null && nextDoneOn !== null;
      const { title } = await project(projectId);
      const { milestone, progress } = await change(
        viewer,
        projectId,
        async (tx) => {
          const [row] = await tx
            .update(milestones)
            .set({ ...fields, doneOn: nextDoneOn, updatedAt: new Date() })
            .where(eq(milestones.id, milestoneId))
            .returning();
          return row ?? null;
        },
        (changed) => (becameDone ? { kind: "milestone_done", title: `Milestone done on ${title}: ${changed.title}` } : null),
      );
      if (!milestone) throw milestoneNotFound();
      return { milestone: toMilestone(milestone), progress };
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
