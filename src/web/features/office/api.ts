import type { OfficeOverview } from "../../../shared/office";
import { activeProjectStatuses } from "../../../shared/project-terms";
import { privateQuery } from "../../lib/api-query";
import { projectsListQuery } from "../../lib/queries/projects";

export const officeOverviewQuery = privateQuery<OfficeOverview>(["/office/overview"]);

/** Planned, running and paused projects, the nearest target completion first. */
export const activeProjectsQuery = (page: number) => projectsListQuery({ status: activeProjectStatuses.join(","), sort: "target", page });
