import type { OfficeOverview } from "../../../shared/office";
import { activeProjectStatuses, type ProjectFeed, type ProjectListPage, type ProjectStats } from "../../../shared/projects";
import { privateQuery } from "../../lib/api-query";

export const officeOverviewQuery = privateQuery<OfficeOverview>(["/office/overview"]);

/** Milestones due in the next 30 days and overdue, across the projects the viewer may read. */
export const projectFeedQuery = privateQuery<ProjectFeed>(["/projects/feed"]);

export const projectStatsQuery = privateQuery<ProjectStats>(["/projects/stats"]);

/** Planned, running and paused projects, the nearest target completion first. */
export const activeProjectsQuery = (page: number) =>
  privateQuery<ProjectListPage>(["/projects", { status: activeProjectStatuses.join(","), sort: "target", page }]);
