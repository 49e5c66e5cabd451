import { formatKobo } from "../../../../shared/naira";
import { countOf } from "../../../../shared/plural";
import type { AccountsOverview } from "../../../../shared/receivables";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";

/** The totals across projects: each a sum of the tables below it. */
export function MoneyTotals({ overview }: { overview: AccountsOverview }) {
  const { totals, ageing } = overview;
  return (
    <StatGrid label="Totals across projects">
      <StatCard
        label="Outstanding"
        value={formatKobo(totals.outstanding)}
        hint={`${formatKobo(totals.invoiced)} invoiced, ${formatKobo(totals.paid)} paid`}
      />
      <StatCard
        label="Awaiting confirmation"
        value={formatKobo(totals.awaitingConfirmation)}
        hint={`${countOf(overview.awaitingConfirmation.length, "transfer")} to confirm`}
      />
      <StatCard label="Over 90 days past due" value={formatKobo(ageing.over90)} hint="Unpaid balances of invoices" />
      <StatCard
        label="Certified to date"
        value={formatKobo(totals.certifiedToDate)}
        hint={`Of ${formatKobo(totals.contractSum)} in signed contracts`}
      />
    </StatGrid>
  );
}
