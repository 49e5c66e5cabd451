import type { AccountsOverview } from "../../../shared/receivables";
import { privateQuery } from "../query/api-query";

/** The money of every project, as the Accounts dashboard shows it (the contracts feature; refreshed by RealtimeSync too). */
export const accountsOverviewQuery = privateQuery<AccountsOverview>(["/accounts/overview"]);
