import { canEditProject, canReadProject, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { projectMessages } from "../../../shared/projects.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties } from "../../db/project-parties.js";
import { ApiError } from "../../platform/envelope.js";
import { accessDenied } from "../../platform/errors.js";

export const projectNotFound = () => new ApiError(404, projectMessages.notFound, "not_found");
/** A 400 naming one field, like a failed schema check. */
export const invalidField = (field: string, message: string) =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: message });

/**
 * The door of every project route: 404 when the caller may not read the project (its existence
 * must not leak to another client), 403 when they may read it but not do what they ask.
 */
export function createProjectGuard(db: AppDb) {
  async function existing(projectId: number): Promise<ProjectParties> {
    const parties = await loadProjectParties(db, projectId);
    if (!parties) throw projectNotFound();
    return parties;
  }

  async function read(viewer: Viewer, projectId: number): Promise<ProjectParties> {
    const parties = await existing(projectId);
    if (!canReadProject(viewer, parties)) throw projectNotFound();
    return parties;
  }

  async function edit(viewer: Viewer, projectId: number): Promise<ProjectParties> {
    const parties = await read(viewer, projectId);
    if (!canEditProject(viewer, parties)) throw accessDenied();
    return parties;
  }

  /** read() as a yes or no, for routes that answer 404 whatever the reason. */
  async function mayRead(viewer: Viewer, projectId: number): Promise<boolean> {
    const parties = await loadProjectParties(db, projectId);
    return parties !== null && canReadProject(viewer, parties);
  }

  return { existing, read, edit, mayRead };
}

export type ProjectGuard = ReturnType<typeof createProjectGuard>;
