import type { QueryClient } from "@tanstack/react-query";
import { activeProjectStatuses } from "../../../../shared/project-terms";
import { firstDataOf } from "../../../lib/first-data";
import { projectFeedQuery, projectsListQuery } from "../../../lib/queries/projects";

/** The dashboard loads this many projects, most recently changed first (the project office has its own list). */
export const DASHBOARD_PROJECTS = { page: 1, pageSize: 24, sort: "-updated" } as const;

/** The projects under way, counted by the server: the dashboard's own list holds only the latest few. */
export const UNDER_WAY = { status: activeProjectStatuses.join(","), pageSize: 1 } as const;

/** What the dashboard shows first: its projects, their count under way, milestones and updates. */
const latestProjects = projectsListQuery(DASHBOARD_PROJECTS);
const underWay = projectsListQuery(UNDER_WAY);

/**
 * A signed-in dashboard's HTML asks for them as soon as its session is renewed (head/early-refresh.ts), or the
 * server renders the dashboard with them for its viewer.
 */
export const dashboardFirstData = [latestProjects, underWay, projectFeedQuery].map(firstDataOf);

/**
 * Asks for what the dashboard shows first as soon as the session is restored, while its screen is still being drawn
 * (docs/decisions/105-signed-in-screens-start-fast.md); the answers the HTML asked for are taken when they are there.
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(latestProjects),
    queryClient.prefetchQuery(underWay),
    queryClient.prefetchQuery(projectFeedQuery),
  ]);
}
