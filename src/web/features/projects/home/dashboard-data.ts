import type { QueryClient } from "@tanstack/react-query";
import { activeProjectStatuses } from "../../../../shared/project-terms";
import { projectFeedQuery, projectsListQuery } from "../../../lib/queries/projects";

/** The dashboard loads this many projects, most recently changed first (the project office has its own list). */
export const DASHBOARD_PROJECTS = { page: 1, pageSize: 24, sort: "-updated" } as const;

/** The projects under way, counted by the server: the dashboard's own list holds only the latest few. */
export const UNDER_WAY = { status: activeProjectStatuses.join(","), pageSize: 1 } as const;

/**
 * Asks for what the dashboard shows first (its projects, their count under way, milestones and updates) as soon as the
 * session is restored, while its screen is still being drawn (docs/decisions/105-signed-in-screens-start-fast.md).
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(projectsListQuery(DASHBOARD_PROJECTS)),
    queryClient.prefetchQuery(projectsListQuery(UNDER_WAY)),
    queryClient.prefetchQuery(projectFeedQuery),
  ]);
}
