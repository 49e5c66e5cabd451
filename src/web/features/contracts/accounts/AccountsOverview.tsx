import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarDayText } from "../../../../shared/calendar";
import { SectionCard } from "../../../components/ui/SectionCard";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { accountsOverviewQuery } from "../../../lib/queries/accounts";
import { refreshAccounts } from "./accounts-api";
import { ContractsTable } from "./ContractsTable";
import { MoneyTotals } from "./MoneyTotals";
import { AgeingTable, ReceivablesTable } from "./Receivables";
import { TransfersToConfirm } from "./TransfersToConfirm";
import { ValuationsToCertify } from "./ValuationsToCertify";

/**
 * The Accounts dashboard's content (docs/decisions/146-accounts-working-screen.md): the totals, then what waits for
 * Accounts (transfers to confirm, valuations to certify), then what is owed and how late, then the contracts.
 */
export function AccountsOverview() {
  const queryClient = useQueryClient();
  const overview = useQuery(accountsOverviewQuery);
  if (overview.isPending) return <LoadingMessage>Loading the accounts...</LoadingMessage>;
  if (overview.isError) return <ErrorMessage error={overview.error} onRetry={() => void overview.refetch()} />;
  const { data } = overview;
  return (
    <>
      <MoneyTotals overview={data} />
      <SectionCard
        id="transfers-to-confirm"
        title="Transfers to confirm"
        description="Recorded by clients and their payers, oldest first: find each on the bank statement, then confirm or reject it."
      >
        <TransfersToConfirm transfers={data.awaitingConfirmation} onDecided={() => refreshAccounts(queryClient)} />
      </SectionCard>
      <SectionCard
        id="valuations-to-certify"
        title="Valuations to certify"
        description="Measured by the project office, oldest first: each is certified in its project's Money section."
      >
        <ValuationsToCertify valuations={data.awaitingCertification} />
      </SectionCard>
      <SectionCard
        id="receivables"
        title="Receivables by project"
        description="What each project was invoiced and paid, the largest outstanding first."
      >
        <ReceivablesTable overview={data} />
      </SectionCard>
      <SectionCard
        id="ageing"
        title="Ageing"
        description={`Unpaid balances of invoices by days past their due date, on ${calendarDayText(data.asOf)}.`}
      >
        <AgeingTable overview={data} />
      </SectionCard>
      <SectionCard
        id="contracts"
        title="Contract sums against certified work"
        description="The BOQ with its approved variations against the latest certified valuation, per project."
      >
        <ContractsTable overview={data} />
      </SectionCard>
    </>
  );
}
