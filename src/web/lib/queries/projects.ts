import type { QueryClient } from "@tanstack/react-query";
import type { ProjectFeed, ProjectListPage, ProjectListQuery, ProjectStats } from "../../../shared/projects";
import { pathStartsWith, privateQuery } from "../query/api-query";

/* The project queries more than one feature asks for (projects, office, inquiries) or refreshes (realtime, portfolio).
   Every key starts with the API path, so RealtimeSync refreshes them when the server says a project changed. */

export const PROJECTS_PATH = "/projects";

export const projectPath = (projectId: number) => `${PROJECTS_PATH}/${projectId}`;

/** GET /api/projects as the screens ask it (the schema's input takes any page value; the screens send numbers). */
export type ProjectListParams = Omit<ProjectListQuery, "page" | "pageSize"> & { page?: number; pageSize?: number };

export const projectsListQuery = (query: ProjectListParams) =>
  privateQuery<ProjectListPage>([
    PROJECTS_PATH,
    {
      search: query.search,
      status: query.status,
      category: query.category,
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort,
    },
  ]);

/** Milestones due in the next 30 days and overdue, latest updates and documents, across the projects the viewer may read. */
export const projectFeedQuery = privateQuery<ProjectFeed>([`${PROJECTS_PATH}/feed`]);

export const projectStatsQuery = privateQuery<ProjectStats>([`${PROJECTS_PATH}/stats`]);

/** Whether a cached query holds project data: a project, its parts, any list, feed or figures of projects. */
export const isProjectsQuery = pathStartsWith(PROJECTS_PATH);

/**
 * After a change: every projects query fetches again (the project, its lists, the dashboards'
 * figures), as RealtimeSync does for the other people watching.
 */
export const refreshProjects = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: isProjectsQuery });
