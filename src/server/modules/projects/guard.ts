import { canEditProject, canReadProject, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { messages, productMessages } from "../../../shared/messages.js";
import { projectMessages } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties } from "../../db/project-parties.js";
import { ApiError } from "../../platform/envelope.js";

export const projectNotFound = () => new ApiError(404, projectMessages.notFound, "not_found");
export const accessDenied = () => new ApiError(403, messages.accessDenied, "forbidden");
/** A 400 naming one field, like a failed schema check. */
export const invalidField = (field: string, message: string) =>
  new ApiError(400, productMessages.validationFailed, "validation_failed", { [field]: message });

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

  return { existing, read, edit };
}

export type ProjectGuard = ReturnType<typeof createProjectGuard>;
