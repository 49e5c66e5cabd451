import type { QueryClient } from "@tanstack/react-query";
import { accountsOverviewQuery } from "../../../lib/queries/accounts";
import { refreshProjects } from "../../../lib/queries/projects";
import { projectPagePath } from "../../projects";

/** After a decision here: the dashboard's figures, and the project's Money section wherever it is cached. */
export const refreshAccounts = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: accountsOverviewQuery.queryKey }), refreshProjects(queryClient)]);

/** The project page opened at its Money section. */
export const moneySectionPath = (projectId: number) => `${projectPagePath(projectId)}?section=money`;
