import { eq } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { projectContracts, projects } from "../../db/schema.js";

/**
 * Locks the project's row until the caller's transaction ends, so that an import, a signing, a variation and a
 * valuation of one project never cross, and answers its signed contract (null while there is none).
 */
export async function lockContract(tx: AppDb, projectId: number) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
  const [contract] = await tx.select().from(projectContracts).where(eq(projectContracts.projectId, projectId));
  return contract ?? null;
}
