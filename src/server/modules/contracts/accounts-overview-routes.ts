import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canFollowAccounts } from "../../../shared/access.js";
import { accountsOverview } from "../../../shared/answers/receivables.js";
import { envelope } from "../../platform/api-schemas.js";
import { type RequireUser, requireAccess } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { AccountsOverviewService } from "./accounts-overview.js";

type Options = { overview: AccountsOverviewService; requireUser: RequireUser };

/** The Accounts dashboard's one read: the money of every project. */
export async function accountsOverviewRoutes(app: FastifyInstance, { overview, requireUser }: Options) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/accounts/overview",
    {
      preValidation: [requireUser, requireAccess(canFollowAccounts)],
      schema: {
        summary: "The money of every project for Accounts: receivables and their ageing, transfers and valuations waiting, contracts",
        description:
          "Amounts in kobo, computed as each project's Money section computes them. `receivables`: per project with invoices, `invoiced`, `paid` (confirmed), `awaitingConfirmation`, `outstanding` = invoiced − paid, and `ageing`: each invoice's unpaid balance (an overpaid one counts 0) by days past its due date on the Lagos day `asOf` (`notDue`, `days0to30`, `days31to60`, `days61to90`, `over90`); largest outstanding first. `ageing` and `totals` are the sums of the rows (`contractSum`, `certifiedToDate` of `budgetVsCertified`). `awaitingConfirmation`: transfers to confirm, oldest recorded first; `awaitingCertification`: draft valuations, oldest prepared first. `budgetVsCertified`: projects with a signed contract (the BOQ and approved variations, the latest certified valuation's gross value, invoiced, paid), then active projects without one (`contract` null). Accounts, Accounting and admins; others 403.",
        response: { 200: envelope(accountsOverview) },
      },
    },
    async () => ok(await overview.read()),
  );
}
