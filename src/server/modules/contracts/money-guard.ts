import { canReadProject, canReadProjectMoney, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { projectMessages } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties } from "../../db/project-parties.js";
import { ApiError } from "../../platform/envelope.js";
import { accessDenied } from "../../platform/errors.js";

/**
 * The door of every contract route: 404 when the caller may not read the project (its existence must not leak), 403
 * when they may read it but not its money, or not do what they ask with it.
 */
export function createMoneyGuard(db: AppDb) {
  async function read(viewer: Viewer, projectId: number): Promise<ProjectParties> {
    const parties = await loadProjectParties(db, projectId);
    if (!parties || !canReadProject(viewer, parties)) throw new ApiError(404, projectMessages.notFound, "not_found");
    if (!canReadProjectMoney(viewer, parties)) throw accessDenied();
    return parties;
  }

  /** read(), then the rule of the action (canPrepareContract, …): 403 when it says no. */
  async function act(viewer: Viewer, projectId: number, rule: (viewer: Viewer) => boolean): Promise<ProjectParties> {
    const parties = await read(viewer, projectId);
    if (!rule(viewer)) throw accessDenied();
    return parties;
  }

  return { read, act };
}

export type MoneyGuard = ReturnType<typeof createMoneyGuard>;
