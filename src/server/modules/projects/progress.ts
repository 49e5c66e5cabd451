import { and, eq, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { projects } from "../../db/schema.js";

/**
 * In milestones mode a project's progress is the share of the milestones' weight that is done
 * (0 with no milestones). Called whenever milestones or the mode change; manual projects keep theirs.
 * Answers the progress after the change.
 */
export async function recomputeProgress(db: AppDb, projectId: number): Promise<number | null> {
  const [row] = await db
    .update(projects)
    .set({
      progress: sql`coalesce((
        select round(100.0 * coalesce(sum(weight) filter (where done_on is not null), 0) / nullif(sum(weight), 0))::int
        from milestones where project_id = ${projectId}), 0)`,
    })
    .where(and(eq(projects.id, projectId), eq(projects.progressMode, "milestones")))
    .returning({ progress: projects.progress });
  return row?.progress ?? null;
}

/** Something of the project changed (milestones, diary, photos, documents): it moves up in "recently updated". */
export const touchProject = (db: AppDb, projectId: number) =>
  db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
