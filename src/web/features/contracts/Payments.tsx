import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarDayText } from "../../../shared/calendar";
import type { Payment } from "../../../shared/invoices";
import { formatKobo } from "../../../shared/naira";
import { mutedTextClass } from "../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { refreshProjects } from "../../lib/queries/projects";
import { useDateFormats } from "../../lib/use-date-formats";
import { contractsApi, paymentsQuery } from "./api";
import { DownloadFileButton } from "./DownloadFileButton";
import { TransferDecision } from "./TransferDecision";

const statusLabels: Record<Payment["status"], string> = {
  awaiting_confirmation: "Awaiting confirmation",
  confirmed: "Confirmed",
  rejected: "Rejected",
};
const statusTones: Record<Payment["status"], string> = {
  awaiting_confirmation: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  confirmed: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
  rejected: "border-red-700 bg-red-50 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100",
};
const settlesLabels: Record<NonNullable<Payment["settles"]>, string> = {
  part: "Part payment",
  full: "Pays the invoice in full",
  over: "Overpayment",
};

function PaymentItem({ projectId, payment, canConfirm }: { projectId: number; payment: Payment; canConfirm: boolean }) {
  const queryClient = useQueryClient();
  const { dateTime } = useDateFormats();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-neutral-light p-4 dark:border-brand-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-bold">
          <span className="tabular-nums">{formatKobo(payment.amount)}</span>{" "}
          <span className="font-normal">for {payment.invoiceNumber}</span>
        </h4>
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[payment.status]}`}>
          {statusLabels[payment.status]}
        </span>
      </div>
      <p className="text-sm">
        Transfer <span className="font-mono">{payment.reference}</span> of {calendarDayText(payment.paidOn)}, recorded by{" "}
        {payment.payer?.name ?? "a former payer"} on {dateTime(payment.recordedAt)}
        {payment.settles ? ` · ${settlesLabels[payment.settles]}` : ""}
      </p>
      {payment.receiptNumber ? (
        <p className={`text-sm ${mutedTextClass}`}>
          Receipt <span className="font-mono">{payment.receiptNumber}</span>, confirmed by {payment.decidedBy?.name ?? "Accounts"}
          {payment.decidedAt ? ` on ${dateTime(payment.decidedAt)}` : ""}.
        </p>
      ) : null}
      {payment.status === "rejected" ? (
        <p className="text-sm font-semibold text-red-800 dark:text-red-200">Rejected: {payment.rejectReason}</p>
      ) : null}
      {payment.possibleDuplicateOf.length > 0 && payment.status !== "rejected" ? (
        <p role="note" className="text-sm font-semibold text-amber-800 dark:text-amber-200">
          The same reference and amount was recorded{" "}
          {payment.possibleDuplicateOf.length === 1 ? "once more" : `${payment.possibleDuplicateOf.length} more times`}: it may be one
          transfer recorded twice.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <DownloadFileButton
          label="View proof"
          accessibleName={`View proof of the transfer ${payment.reference}`}
          failure="The proof could not be downloaded."
          download={() => contractsApi.downloadProof(projectId, payment)}
        />
        {payment.receiptNumber ? (
          <DownloadFileButton
            label="Download receipt"
            accessibleName={`Download receipt ${payment.receiptNumber}`}
            failure="The receipt could not be downloaded."
            download={() => contractsApi.downloadReceipt(projectId, payment)}
          />
        ) : null}
        {canConfirm && payment.status === "awaiting_confirmation" ? (
          <TransferDecision projectId={projectId} transfer={payment} onDecided={() => refreshProjects(queryClient)} />
        ) : null}
      </div>
    </li>
  );
}

/** The transfers recorded against the invoices, newest first; Accounts confirm or reject those awaiting. */
export function Payments({ projectId, canConfirm }: { projectId: number; canConfirm: boolean }) {
  const payments = useQuery(paymentsQuery(projectId));
  if (payments.isPending) return <LoadingMessage>Loading the transfers...</LoadingMessage>;
  if (payments.isError) return <ErrorMessage error={payments.error} onRetry={() => void payments.refetch()} />;
  if (payments.data.items.length === 0) {
    return (
      <EmptyMessage title="No transfer recorded yet.">
        A transfer recorded with its proof appears here until Accounts confirm it.
      </EmptyMessage>
    );
  }
  return (
    <ol aria-label="Transfers" className="flex flex-col gap-4">
      {payments.data.items.map((payment) => (
        <PaymentItem key={payment.id} projectId={projectId} payment={payment} canConfirm={canConfirm} />
      ))}
    </ol>
  );
}
