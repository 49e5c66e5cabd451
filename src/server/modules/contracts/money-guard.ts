import { eq } from "drizzle-orm";
import { canReadProject, canReadProjectMoney, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { projectMessages } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties } from "../../db/project-parties.js";
import { projectPayers } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import { accessDenied } from "../../platform/errors.js";

/**
 * The door of every contract route: 404 when the caller may not read the project (its existence must not leak), 403
 * when they may read it but not its money, or not do what they ask with it. A payer the client added reads only the
 * project's money.
 */
export function createMoneyGuard(db: AppDb) {
  async function read(viewer: Viewer, projectId: number): Promise<ProjectParties> {
    const found = await loadProjectParties(db, projectId);
    if (!found) throw new ApiError(404, projectMessages.notFound, "not_found");
    const payers = await db.select({ userId: projectPayers.userId }).from(projectPayers).where(eq(projectPayers.projectId, projectId));
    const parties = { ...found, payerIds: payers.map((payer) => payer.userId) };
    if (!canReadProject(viewer, parties) && !parties.payerIds.includes(viewer.id))
      throw new ApiError(404, projectMessages.notFound, "not_found");
    if (!canReadProjectMoney(viewer, parties)) throw accessDenied();
    return parties;
  }

  /** read(), then the rule of the action (canPrepareContract, isPayerOf…): 403 when it says no. */
  async function act(
    viewer: Viewer,
    projectId: number,
    rule: (viewer: Viewer, parties: ProjectParties) => boolean,
  ): Promise<ProjectParties> {
    const parties = await read(viewer, projectId);
    if (!rule(viewer, parties)) throw accessDenied();
    return parties;
  }

  return { read, act };
}

export type MoneyGuard = ReturnType<typeof createMoneyGuard>;
