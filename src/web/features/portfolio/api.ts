import type { PortfolioCandidatesPage } from "../../../shared/projects";
import { apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** Projects that could be shown publicly, those in the portfolio first. */
export const portfolioCandidatesQuery = (search: string, page: number) =>
  privateQuery<PortfolioCandidatesPage>(["/projects/portfolio-candidates", { search, page }]);

/** Puts a project in the public portfolio (with the summary the public sees) or takes it out. */
export const savePortfolioChoice = (projectId: number, choice: { isPortfolio: boolean; publicSummary: string | null }) =>
  apiRequest<unknown>("PUT", `/projects/${projectId}`, choice);
