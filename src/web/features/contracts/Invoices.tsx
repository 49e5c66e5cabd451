import { useQuery } from "@tanstack/react-query";
import { calendarDayText } from "../../../shared/calendar";
import type { Invoice } from "../../../shared/invoices";
import { formatKobo } from "../../../shared/naira";
import { mutedTextClass } from "../../components/form/form-fields";
import { DialogButton } from "../../components/ui/DialogButton";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { contractsApi, invoicesQuery } from "./api";
import { DownloadFileButton } from "./DownloadFileButton";
import { RecordTransferForm } from "./RecordTransferForm";

const statusLabels: Record<Invoice["status"], string> = { unpaid: "Unpaid", part_paid: "Part paid", paid: "Paid", overpaid: "Overpaid" };
const statusTones: Record<Invoice["status"], string> = {
  unpaid: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  part_paid: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  paid: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
  overpaid: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
};

function InvoiceItem({
  projectId,
  invoice,
  invoices,
  canPay,
}: {
  projectId: number;
  invoice: Invoice;
  invoices: readonly Invoice[];
  canPay: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-light p-4 dark:border-brand-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-bold">
          <span className="font-mono">{invoice.number}</span> <span className="font-normal">{invoice.description}</span>
        </h4>
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[invoice.status]}`}>
          {statusLabels[invoice.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>Amount</dt>
          <dd className="font-semibold tabular-nums">{formatKobo(invoice.amount)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>Paid and confirmed</dt>
          <dd className="font-semibold tabular-nums">{formatKobo(invoice.paid)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>{invoice.balance < 0 ? "Paid in excess" : "Still due"}</dt>
          <dd className="text-lg font-bold tabular-nums">{formatKobo(Math.abs(invoice.balance))}</dd>
        </div>
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>Due on</dt>
          <dd className="font-semibold">{calendarDayText(invoice.dueOn)}</dd>
        </div>
      </dl>
      {invoice.awaitingConfirmation > 0 ? (
        <p className={`text-sm ${mutedTextClass}`}>
          {formatKobo(invoice.awaitingConfirmation)} recorded and waiting for Accounts to confirm it.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <DownloadFileButton
          label="Download invoice"
          accessibleName={`Download invoice ${invoice.number}`}
          failure="The invoice could not be downloaded."
          download={() => contractsApi.downloadInvoice(projectId, invoice)}
        />
        {canPay && invoice.balance > 0 ? (
          <DialogButton
            label="Record a transfer"
            accessibleName={`Record a transfer for ${invoice.number}`}
            title={`Record a transfer for ${invoice.number}`}
          >
            {(close) => (
              <RecordTransferForm projectId={projectId} invoices={invoices.filter((one) => one.id === invoice.id)} onDone={close} />
            )}
          </DialogButton>
        ) : null}
      </div>
    </li>
  );
}

/** The project's invoices, newest first: each with what was paid against it; the client and payers record transfers. */
export function Invoices({ projectId, canPay }: { projectId: number; canPay: boolean }) {
  const invoices = useQuery(invoicesQuery(projectId));
  if (invoices.isPending) return <LoadingMessage>Loading the invoices...</LoadingMessage>;
  if (invoices.isError) return <ErrorMessage error={invoices.error} onRetry={() => void invoices.refetch()} />;
  if (invoices.data.items.length === 0) {
    return <EmptyMessage title="No invoice yet.">Accounts invoice certified valuations and stages as they fall due.</EmptyMessage>;
  }
  return (
    <ol aria-label="Invoices" className="flex flex-col gap-4">
      {invoices.data.items.map((invoice) => (
        <InvoiceItem key={invoice.id} projectId={projectId} invoice={invoice} invoices={invoices.data.items} canPay={canPay} />
      ))}
    </ol>
  );
}
