import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { calendarDayText } from "../../../../shared/calendar";
import { formatKobo } from "../../../../shared/naira";
import type { AccountsOverview } from "../../../../shared/receivables";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { apiDownload } from "../../../lib/http/client";
import { useDateFormats } from "../../../lib/use-date-formats";
import { DownloadFileButton } from "../DownloadFileButton";
import { TransferDecision } from "../TransferDecision";
import { moneySectionPath } from "./accounts-api";
import { Cell, RowHeading, stackedBodyClass, stackedHeadClass, stackedRowClass } from "./stacked-table";

type Transfer = AccountsOverview["awaitingConfirmation"][number];

const columns = [
  { label: "Transfer" },
  { label: "Project" },
  { label: "Payer" },
  { label: "Amount", className: "text-right" },
  { label: "Decision" },
];

/** The proof as the payer sent it, fetched with the access token (a plain link could not send it); the client's paths leave out /api. */
const proofOf = (transfer: Transfer) => apiDownload(transfer.proofUrl.replace(/^\/api/, ""), `proof-${transfer.reference}`);

/** Transfers recorded by clients and their payers, oldest first: each with its proof, confirmed or rejected here. */
export function TransfersToConfirm({ transfers, onDecided }: { transfers: Transfer[]; onDecided: () => Promise<unknown> }) {
  const { dateTime } = useDateFormats();
  if (transfers.length === 0) {
    return (
      <EmptyMessage title="No transfer waits for confirmation.">Transfers clients record against their invoices appear here.</EmptyMessage>
    );
  }
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Transfers awaiting confirmation, oldest first</caption>
      <TableHead columns={columns} className={stackedHeadClass} />
      <tbody className={stackedBodyClass}>
        {transfers.map((transfer) => (
          <tr key={transfer.id} className={stackedRowClass}>
            <RowHeading>
              <span className="block font-mono font-semibold break-all">{transfer.reference}</span>
              <span className="block text-sm">
                For <span className="font-mono">{transfer.invoiceNumber}</span>, paid on {calendarDayText(transfer.paidOn)}
              </span>
              <span className={`block text-sm ${mutedTextClass}`}>Recorded {dateTime(transfer.recordedAt)}</span>
              {transfer.possibleDuplicateOf.length > 0 ? (
                <span className="mt-1 flex items-center gap-1 text-sm font-semibold text-amber-800 dark:text-amber-200">
                  <TriangleAlert aria-hidden className="size-4 shrink-0" />
                  Possible duplicate: another transfer has the same reference and amount
                </span>
              ) : null}
            </RowHeading>
            <Cell label="Project">
              <Link to={moneySectionPath(transfer.project.id)} className="break-words underline underline-offset-2">
                {transfer.project.title}
              </Link>
              <span className="block font-mono text-sm">{transfer.project.reference}</span>
            </Cell>
            <Cell label="Payer">{transfer.payer?.name ?? "A former payer"}</Cell>
            <Cell label="Amount" amount>
              <span className="font-semibold">{formatKobo(transfer.amount)}</span>
            </Cell>
            <td className="col-span-2 lg:py-3 lg:align-top">
              <div className="flex flex-wrap gap-2">
                <DownloadFileButton
                  label="View proof"
                  accessibleName={`View proof of transfer ${transfer.reference}`}
                  failure="The proof could not be fetched."
                  download={() => proofOf(transfer)}
                />
                <TransferDecision projectId={transfer.project.id} transfer={transfer} onDecided={onDecided} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
