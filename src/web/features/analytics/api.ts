import type { ProjectsAnalytics, SiteAnalytics, Timeframe, UsersAnalytics } from "../../../shared/analytics";
import { privateQuery } from "../../lib/query/api-query";

export const usersAnalyticsQuery = (timeframe: Timeframe) => privateQuery<UsersAnalytics>(["/admin/analytics/users", { timeframe }]);
export const projectsAnalyticsQuery = (timeframe: Timeframe) =>
  privateQuery<ProjectsAnalytics>(["/admin/analytics/projects", { timeframe }]);
export const siteAnalyticsQuery = (timeframe: Timeframe) => privateQuery<SiteAnalytics>(["/admin/analytics/site", { timeframe }]);
