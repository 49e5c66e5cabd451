import { Link } from "react-router";
import { formatKobo } from "../../../../shared/naira";
import { projectStatusLabels } from "../../../../shared/project-terms";
import type { AccountsOverview } from "../../../../shared/receivables";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { moneySectionPath } from "./accounts-api";
import { Cell, RowHeading, stackedBodyClass, stackedFootClass, stackedHeadClass, stackedRowClass } from "./stacked-table";

type Line = AccountsOverview["budgetVsCertified"][number];

const columns = [
  { label: "Project" },
  { label: "Contract sum", className: "text-right" },
  { label: "Certified to date", className: "text-right" },
  { label: "Invoiced", className: "text-right" },
  { label: "Paid", className: "text-right" },
];

/** How much of the contract is certified, as a bar and in words (the words carry it). */
function CertifiedShare({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <span className="mt-1 flex items-center gap-2 text-sm lg:justify-end">
      <span aria-hidden className="h-2 w-20 overflow-hidden rounded-full bg-neutral-light dark:bg-brand-700">
        <span className="block h-full bg-accent-700 dark:bg-accent-500" style={{ width: `${Math.min(percent, 100)}%` }} />
      </span>
      {percent} %
    </span>
  );
}

function LineFigures({ line }: { line: Line }) {
  if (!line.contract) {
    return (
      <td colSpan={4} className={`col-span-2 lg:py-3 lg:align-top ${mutedTextClass}`}>
        No signed contract yet: its BOQ and signing are in the project's Money section.
      </td>
    );
  }
  return (
    <>
      <Cell label="Contract sum" amount>
        {formatKobo(line.contract.contractSum)}
      </Cell>
      <Cell label="Certified to date" amount>
        {formatKobo(line.contract.certifiedToDate)}
        <CertifiedShare percent={line.contract.percentCertified} />
      </Cell>
      <Cell label="Invoiced" amount>
        {formatKobo(line.invoiced)}
      </Cell>
      <Cell label="Paid" amount>
        {formatKobo(line.paid)}
      </Cell>
    </>
  );
}

/**
 * Each signed contract's sum (the BOQ and approved variations) against the latest certified valuation, invoiced and
 * paid; then the active projects without a signed contract, said to be so (no typed budget stands in for a contract).
 */
export function ContractsTable({ overview }: { overview: AccountsOverview }) {
  const lines = overview.budgetVsCertified;
  if (lines.length === 0) return <EmptyMessage title="No active project yet." />;
  const { totals } = overview;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Contract sums against certified work, invoiced and paid, in naira</caption>
      <TableHead columns={columns} className={stackedHeadClass} />
      <tbody className={stackedBodyClass}>
        {lines.map((line) => (
          <tr key={line.project.id} className={stackedRowClass}>
            <RowHeading>
              <Link to={moneySectionPath(line.project.id)} className="font-semibold break-words underline underline-offset-2">
                {line.project.title}
              </Link>
              <span className="block font-mono text-sm">{line.project.reference}</span>
              <span className={`block text-sm ${mutedTextClass}`}>{projectStatusLabels[line.project.status]}</span>
            </RowHeading>
            <LineFigures line={line} />
          </tr>
        ))}
      </tbody>
      <tfoot className={stackedFootClass}>
        <tr className={stackedRowClass}>
          <RowHeading>Signed contracts</RowHeading>
          <Cell label="Contract sum" amount>
            {formatKobo(totals.contractSum)}
          </Cell>
          <Cell label="Certified to date" amount>
            {formatKobo(totals.certifiedToDate)}
          </Cell>
          <Cell label="Invoiced" amount>
            {formatKobo(totals.invoiced)}
          </Cell>
          <Cell label="Paid" amount>
            {formatKobo(totals.paid)}
          </Cell>
        </tr>
      </tfoot>
    </table>
  );
}
