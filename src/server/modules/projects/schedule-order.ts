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
 * Locks the project's row for a change of its schedule, before anything else of the transaction: two changes of one
 * schedule then take turns. (A milestone written first would hold a key-share lock on the project's row through its
 * foreign key; two of those, each then asking for the row, wait for each other.) No-key: the milestone's foreign key
 * check and the progress written to the row afterwards do not conflict with it.
 */
export async function lockSchedule(tx: AppDb, projectId: number) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("no key update");
}

/**
 * Puts a milestone at the place `place` picks among the project's others (in their order) and numbers the schedule
 * 0, 1, 2… again. The caller holds the schedule's lock (lockSchedule).
 */
export async function placeMilestone(
  tx: AppDb,
  projectId: number,
  milestoneId: number,
  place: (others: MilestoneRow[], currentIndex: number) => number,
) {
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
