import { Link } from "react-router";
import { calendarDayText } from "../../../../shared/calendar";
import { formatKobo } from "../../../../shared/naira";
import type { AccountsOverview } from "../../../../shared/receivables";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { useDateFormats } from "../../../lib/use-date-formats";
import { moneySectionPath } from "./accounts-api";
import { Cell, RowHeading, stackedBodyClass, stackedHeadClass, stackedRowClass } from "./stacked-table";

type Draft = AccountsOverview["awaitingCertification"][number];

const columns = [
  { label: "Valuation" },
  { label: "Project" },
  { label: "Gross value", className: "text-right" },
  { label: "Amount due", className: "text-right" },
];

/** Draft valuations the project office measured, oldest first; each is certified in its project's Money section. */
export function ValuationsToCertify({ valuations }: { valuations: Draft[] }) {
  const { dateTime } = useDateFormats();
  if (valuations.length === 0) {
    return <EmptyMessage title="No valuation waits for certification.">Valuations the project office measures appear here.</EmptyMessage>;
  }
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Valuations awaiting certification, oldest first</caption>
      <TableHead columns={columns} className={stackedHeadClass} />
      <tbody className={stackedBodyClass}>
        {valuations.map((valuation) => (
          <tr key={valuation.id} className={stackedRowClass}>
            <RowHeading>
              <Link to={moneySectionPath(valuation.project.id)} className="font-semibold underline underline-offset-2">
                Valuation No. {valuation.number} as at {calendarDayText(valuation.asAt)}
              </Link>
              <span className={`block text-sm ${mutedTextClass}`}>
                Prepared by {valuation.preparedBy?.name ?? "a former member of staff"} on {dateTime(valuation.preparedAt)}
              </span>
            </RowHeading>
            <Cell label="Project">
              <span className="break-words">{valuation.project.title}</span>
              <span className="block font-mono text-sm">{valuation.project.reference}</span>
            </Cell>
            <Cell label="Gross value" amount>
              {formatKobo(valuation.grossValue)}
            </Cell>
            <Cell label="Amount due" amount>
              <span className="font-semibold">{formatKobo(valuation.amountDue)}</span>
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
