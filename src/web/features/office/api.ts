import type { OfficeOverview } from "../../../shared/office";
import { activeProjectStatuses } from "../../../shared/project-terms";
import { projectsListQuery } from "../../lib/queries/projects";
import { privateQuery } from "../../lib/query/api-query";

export const officeOverviewQuery = privateQuery<OfficeOverview>(["/office/overview"]);

/** Planned, running and paused projects, the nearest target completion first. */
export const activeProjectsQuery = (page: number) => projectsListQuery({ status: activeProjectStatuses.join(","), sort: "target", page });
