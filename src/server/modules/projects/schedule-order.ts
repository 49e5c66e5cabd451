import { asc, eq } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { milestones, projects } from "../../db/schema.js";

type MilestoneRow = typeof milestones.$inferSelect;

/** Where a milestone due on this date goes among the others: before the first due later or with no date. */
export const byDueDate =
  (dueDate: string | null) =>
  (others: MilestoneRow[]): number => {
    const later = others.findIndex((other) => dueDate !== null && (other.dueDate === null || other.dueDate > dueDate));
    return later === -1 ? others.length : later;
  };

/**
 * Puts a milestone at the place `place` picks among the project's others (in their order) and numbers the schedule
 * 0, 1, 2… again. The project's row is locked meanwhile, so that two changes of one schedule take turns.
 */
export async function placeMilestone(
  tx: AppDb,
  projectId: number,
  milestoneId: number,
  place: (others: MilestoneRow[], currentIndex: number) => number,
) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
  const schedule = await tx
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, projectId))
    .orderBy(asc(milestones.position), asc(milestones.id));
  const currentIndex = schedule.findIndex((row) => row.id === milestoneId);
  const moved = schedule[currentIndex];
  if (!moved) return;
  const others = schedule.filter((row) => row.id !== milestoneId);
  const at = Math.max(0, Math.min(place(others, currentIndex), others.length));
  const ordered = [...others.slice(0, at), moved, ...others.slice(at)];
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position) await tx.update(milestones).set({ position }).where(eq(milestones.id, row.id));
  }
}
