import { useQuery } from "@tanstack/react-query";
import { calendarDayText } from "../../../shared/calendar";
import type { Statement as StatementAnswer, StatementLine } from "../../../shared/invoices";
import { formatKobo } from "../../../shared/naira";
import { mutedTextClass } from "../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { TableHead } from "../../components/ui/TableHead";
import { contractsApi, statementQuery } from "./api";
import { DownloadFileButton } from "./DownloadFileButton";

const columns = [
  { label: "Date" },
  { label: "Reference" },
  { label: "Description" },
  { label: "Invoiced", className: "text-right" },
  { label: "Paid", className: "text-right" },
  { label: "Balance", className: "text-right" },
];

const lineStatus: Record<string, string> = {
  awaiting_confirmation: "Awaiting confirmation by Accounts",
  confirmed: "Confirmed",
  approved: "Approved variation",
  unpaid: "Unpaid",
  part_paid: "Part paid",
  paid: "Paid",
  overpaid: "Overpaid",
};

function Figure({ label, kobo, strong = false, className }: { label: string; kobo: number; strong?: boolean; className?: string }) {
  return (
    <div className={className}>
      <dt className={`text-sm ${mutedTextClass}`}>{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-lg font-bold" : "font-semibold"}`}>{formatKobo(kobo)}</dd>
    </div>
  );
}

/** A figure of a line, or a dash: a variation moves the contract sum, not the account. */
const amountCell = (kobo: number) => (kobo === 0 ? "–" : formatKobo(kobo));

function Line({ line }: { line: StatementLine }) {
  const awaiting = line.status === "awaiting_confirmation";
  return (
    <tr className="flex flex-col gap-1 py-3 md:table-row md:py-0">
      <td className="text-sm md:py-3 md:pr-3">{calendarDayText(line.on)}</td>
      <th scope="row" className="text-left font-mono text-sm font-normal md:py-3 md:pr-3">
        {line.reference}
      </th>
      <td className="min-w-0 break-words md:py-3 md:pr-3">
        {line.description}
        <span className={`block text-sm ${mutedTextClass}`}>
          {[line.payer ? `Paid by ${line.payer.name}` : null, line.status ? lineStatus[line.status] : null].filter(Boolean).join(" · ")}
          {line.kind === "variation" ? ` · ${formatKobo(line.amount)} to the contract sum` : ""}
          {awaiting ? ` · ${formatKobo(line.amount)} not yet counted` : ""}
        </span>
      </td>
      <td className="tabular-nums md:py-3 md:pr-3 md:text-right">
        <span className="md:sr-only">Invoiced: </span>
        {amountCell(line.debit)}
      </td>
      <td className="tabular-nums md:py-3 md:pr-3 md:text-right">
        <span className="md:sr-only">Paid: </span>
        {amountCell(line.credit)}
      </td>
      <td className="font-semibold tabular-nums md:py-3 md:text-right">
        <span className="md:sr-only">Balance: </span>
        {formatKobo(line.balance)}
      </td>
    </tr>
  );
}

function Totals({ statement }: { statement: StatementAnswer }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Original contract sum" kobo={statement.originalContractSum} />
      <Figure label="Approved variations" kobo={statement.approvedVariations} />
      <Figure label="Contract sum" kobo={statement.contractSum} strong />
      <Figure label="Certified to date" kobo={statement.certifiedToDate} />
      <Figure label="Retention held" kobo={statement.retentionHeld} />
      <Figure label="Invoiced" kobo={statement.invoiced} />
      <Figure label="Paid" kobo={statement.paid} />
      <Figure label="Awaiting confirmation" kobo={statement.awaitingConfirmation} />
      <Figure
        className="col-span-2 lg:col-span-4"
        label={statement.balanceDue < 0 ? "In credit (paid ahead)" : "Balance due"}
        kobo={Math.abs(statement.balanceDue)}
        strong
      />
    </dl>
  );
}

/** The statement of account: the contract, what was certified, invoiced and paid, every line with its running balance. */
export function Statement({ projectId }: { projectId: number }) {
  const statement = useQuery(statementQuery(projectId));
  if (statement.isPending) return <LoadingMessage>Loading the statement...</LoadingMessage>;
  if (statement.isError) return <ErrorMessage error={statement.error} onRetry={() => void statement.refetch()} />;
  const { data } = statement;
  return (
    <div className="flex flex-col gap-4">
      <Totals statement={data} />
      {data.payers.length > 1 ? (
        <ul aria-label="Paid by each payer" className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {data.payers.map((payer) => (
            <li key={payer.payer.id}>
              {payer.payer.name}: <span className="font-semibold tabular-nums">{formatKobo(payer.paid)}</span>
              {payer.awaitingConfirmation > 0 ? ` (${formatKobo(payer.awaitingConfirmation)} awaiting)` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {data.lines.length === 0 ? (
        <EmptyMessage title="Nothing invoiced or paid yet.">
          Invoices, transfers and approved variations appear here in date order.
        </EmptyMessage>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Every invoice, payment and approved variation in date order, with the running balance</caption>
            <TableHead columns={columns} className="hidden md:table-header-group" />
            <tbody className="divide-y divide-neutral-light dark:divide-brand-700">
              {data.lines.map((line) => (
                <Line key={line.id} line={line} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <DownloadFileButton
          label="Download statement (PDF)"
          failure="The statement could not be downloaded."
          download={() => contractsApi.downloadStatement(projectId, "pdf")}
        />
        <DownloadFileButton
          label="Download statement (CSV)"
          failure="The statement could not be downloaded."
          download={() => contractsApi.downloadStatement(projectId, "csv")}
        />
      </div>
    </div>
  );
}
