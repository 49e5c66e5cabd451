import { and, eq, exists, type Placeholder, type SQL, sql } from "drizzle-orm";
import { canReadProject, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { projects, projectTeam } from "../../db/schema.js";

const NOBODY_ON_IT: ProjectParties = { clientId: null, managerId: null, teamIds: [] };

/**
 * Whether the viewer reads every project (admins and the oversight departments): a project with
 * no client, manager or team is readable only by them, so the shared rule answers it.
 */
export const readsEveryProject = (viewer: Viewer) => canReadProject(viewer, NOBODY_ON_IT);

/** The viewer's id in a condition: the id itself, or the placeholder of a prepared statement that takes it. */
type ViewerId = string | Placeholder;

/** The viewer is on the project's team (a correlated condition on `projects`). */
export const onTeamOf = (viewer: Viewer, viewerId: ViewerId = viewer.id) =>
  exists(sql`(select 1 from ${projectTeam} where ${and(eq(projectTeam.projectId, projects.id), eq(projectTeam.userId, viewerId))})`);

/**
 * canReadProject (src/shared/access.ts) as a SQL condition on `projects`, so that lists filter in the
 * database: everything for those who read every project; otherwise clients their own projects and
 * staff those they manage or are on the team of. Undefined means no restriction.
 * The permission-matrix test checks that lists and single reads agree.
 */
export function readableBy(viewer: Viewer, viewerId: ViewerId = viewer.id): SQL | undefined {
  if (readsEveryProject(viewer)) return undefined;
  if (viewer.role === "user") return eq(projects.clientId, viewerId);
  // The ids of their projects as one set (those they manage, those they are on the team of): each half is read from
  // its index, and the set joins the projects. An `or` of the two was a filter tested on every project, and with a
  // prepared statement's generic plan, walked the whole update-ordered index on a deep page.
  return sql`${projects.id} in (
    select ${projects.id} from ${projects} where ${projects.managerId} = ${viewerId}
    union all
    select ${projectTeam.projectId} from ${projectTeam} where ${projectTeam.userId} = ${viewerId})`;
}

/**
 * A project's parties as seen from this viewer, enough for the shared rules: the viewer's own place on
 * the team stands for the team (the rules only ask whether the viewer is on it).
 */
export const partiesSeenBy = (
  viewer: Viewer,
  row: { clientId: string | null; managerId: string | null; onTeam: boolean },
): ProjectParties => ({
  clientId: row.clientId,
  managerId: row.managerId,
  teamIds: row.onTeam ? [viewer.id] : [],
});
