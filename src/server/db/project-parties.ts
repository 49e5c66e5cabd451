import { eq } from "drizzle-orm";
import type { ProjectParties } from "../../shared/access.js";
import type { AppDb } from "./client.js";
import { projects, projectTeam } from "./schema.js";

/**
 * Who a project belongs to and who works on it, for the access rules of src/shared/access.ts.
 * Null when the project does not exist. Shared by every feature that guards something of a project.
 */
export async function loadProjectParties(db: AppDb, projectId: number): Promise<ProjectParties | null> {
  const [project] = await db
    .select({ clientId: projects.clientId, managerId: projects.managerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  const team = await db.select({ userId: projectTeam.userId }).from(projectTeam).where(eq(projectTeam.projectId, projectId));
  return { ...project, teamIds: team.map((member) => member.userId) };
}

/** Everyone on a project (client, manager, team): the people its changes and messages concern. */
export const projectPeople = (parties: ProjectParties): string[] =>
  [parties.clientId, parties.managerId, ...parties.teamIds].filter((id): id is string => id !== null);
