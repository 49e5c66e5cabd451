import { Link } from "react-router";
import { formatKobo } from "../../../../shared/naira";
import { type AccountsOverview, ageingBuckets, ageingLabels } from "../../../../shared/receivables";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { moneySectionPath } from "./accounts-api";
import { Cell, RowHeading, stackedBodyClass, stackedFootClass, stackedHeadClass, stackedRowClass } from "./stacked-table";

type Receivable = AccountsOverview["receivables"][number];

const moneyColumns = [
  { label: "Project" },
  { label: "Invoiced", className: "text-right" },
  { label: "Paid", className: "text-right" },
  { label: "Awaiting confirmation", className: "text-right" },
  { label: "Outstanding", className: "text-right" },
];
const ageingColumns = [{ label: "Project" }, ...ageingBuckets.map((bucket) => ({ label: ageingLabels[bucket], className: "text-right" }))];

function ProjectHeading({ row }: { row: Receivable }) {
  return (
    <RowHeading>
      <Link to={moneySectionPath(row.project.id)} className="font-semibold break-words underline underline-offset-2">
        {row.project.title}
      </Link>
      <span className="block font-mono text-sm">{row.project.reference}</span>
      {row.client ? <span className={`block text-sm ${mutedTextClass}`}>{row.client.name}</span> : null}
    </RowHeading>
  );
}

/** Per project with invoices: invoiced, paid (confirmed), awaiting confirmation and outstanding, then their totals. */
export function ReceivablesTable({ overview }: { overview: AccountsOverview }) {
  if (overview.receivables.length === 0) {
    return <EmptyMessage title="No invoice yet.">Invoices Accounts issue from a project's Money section appear here.</EmptyMessage>;
  }
  const { totals } = overview;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Receivables by project, in naira, the largest outstanding first</caption>
      <TableHead columns={moneyColumns} className={stackedHeadClass} />
      <tbody className={stackedBodyClass}>
        {overview.receivables.map((row) => (
          <tr key={row.project.id} className={stackedRowClass}>
            <ProjectHeading row={row} />
            <Cell label="Invoiced" amount>
              {formatKobo(row.invoiced)}
            </Cell>
            <Cell label="Paid" amount>
              {formatKobo(row.paid)}
            </Cell>
            <Cell label="Awaiting confirmation" amount>
              {formatKobo(row.awaitingConfirmation)}
            </Cell>
            <Cell label="Outstanding" amount>
              <span className="font-semibold">{formatKobo(row.outstanding)}</span>
            </Cell>
          </tr>
        ))}
      </tbody>
      <tfoot className={stackedFootClass}>
        <tr className={stackedRowClass}>
          <RowHeading>All projects</RowHeading>
          <Cell label="Invoiced" amount>
            {formatKobo(totals.invoiced)}
          </Cell>
          <Cell label="Paid" amount>
            {formatKobo(totals.paid)}
          </Cell>
          <Cell label="Awaiting confirmation" amount>
            {formatKobo(totals.awaitingConfirmation)}
          </Cell>
          <Cell label="Outstanding" amount>
            {formatKobo(totals.outstanding)}
          </Cell>
        </tr>
      </tfoot>
    </table>
  );
}

/** Each project's unpaid balances by days past their due date, then the totals across projects. */
export function AgeingTable({ overview }: { overview: AccountsOverview }) {
  const owing = overview.receivables.filter((row) => ageingBuckets.some((bucket) => row.ageing[bucket] > 0));
  if (owing.length === 0) return <EmptyMessage title="Nothing is owed.">Every invoice is paid.</EmptyMessage>;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Unpaid balances by days past their due date, per project, in naira</caption>
      <TableHead columns={ageingColumns} className={stackedHeadClass} />
      <tbody className={stackedBodyClass}>
        {owing.map((row) => (
          <tr key={row.project.id} className={stackedRowClass}>
            <ProjectHeading row={row} />
            {ageingBuckets.map((bucket) => (
              <Cell key={bucket} label={ageingLabels[bucket]} amount>
                {formatKobo(row.ageing[bucket])}
              </Cell>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot className={stackedFootClass}>
        <tr className={stackedRowClass}>
          <RowHeading>All projects</RowHeading>
          {ageingBuckets.map((bucket) => (
            <Cell key={bucket} label={ageingLabels[bucket]} amount>
              {formatKobo(overview.ageing[bucket])}
            </Cell>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
