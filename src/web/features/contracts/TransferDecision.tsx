import { useState } from "react";
import type { Payment } from "../../../shared/invoices";
import { formatKobo } from "../../../shared/naira";
import { TextAreaField } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toast } from "../../lib/toast";
import { contractsApi } from "./api";

/** What the decision says of the transfer. */
export type DecidedTransfer = Pick<Payment, "id" | "reference" | "amount" | "invoiceNumber">;

type Props = {
  projectId: number;
  transfer: DecidedTransfer;
  /** After the decision: refresh what shows the transfer. */
  onDecided: () => Promise<unknown>;
};

/** Reject asks why: the payer and the client are told the reason. */
function RejectTransferButton({ projectId, transfer, onDecided }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { pending, failure, setFailure, attempt } = useAttempt();
  const close = () => {
    setOpen(false);
    setReason("");
    setFailure(null);
  };
  const reject = async () => {
    const done = await attempt(async () => {
      await contractsApi.rejectPayment(projectId, transfer.id, reason.trim());
      toast.success(`Transfer ${transfer.reference} rejected.`, { description: "The payer and the client are told why." });
      await onDecided();
    });
    if (done) close();
  };
  return (
    <>
      <Button variant="secondary" aria-label={`Reject transfer ${transfer.reference}`} onClick={() => setOpen(true)}>
        Reject
      </Button>
      <ConfirmDialog
        open={open}
        title={`Reject transfer ${transfer.reference}?`}
        confirmLabel="Reject transfer"
        pendingLabel="Rejecting..."
        pending={pending}
        failure={failure}
        confirmDisabled={reason.trim() === ""}
        onConfirm={() => void reject()}
        onCancel={close}
      >
        <div className="flex flex-col gap-3">
          <p>
            {formatKobo(transfer.amount)} against {transfer.invoiceNumber} will not count as paid. The payer and the client are told why.
          </p>
          <TextAreaField label="Why it is rejected" value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
        </div>
      </ConfirmDialog>
    </>
  );
}

/**
 * Accounts' two answers to a transfer awaiting confirmation, for any screen that lists one: 'Confirm' (asked first:
 * it cannot be undone, and numbers a receipt) and 'Reject' (with a reason).
 */
export function TransferDecision(props: Props) {
  const { projectId, transfer, onDecided } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmButton
        label="Confirm"
        confirmLabel="Confirm transfer"
        pendingLabel="Confirming..."
        accessibleName={`Confirm transfer ${transfer.reference}`}
        variant="primary"
        title={`Confirm transfer ${transfer.reference}?`}
        onConfirm={async () => {
          const confirmed = await contractsApi.confirmPayment(projectId, transfer.id);
          toast.success(`Transfer ${transfer.reference} confirmed.`, { description: `Receipt ${confirmed.receiptNumber ?? ""}.` });
          await onDecided();
        }}
      >
        Found on the bank statement: {formatKobo(transfer.amount)} counts as paid against {transfer.invoiceNumber}, with a numbered receipt,
        and the payer and the client are told. This cannot be undone.
      </ConfirmButton>
      <RejectTransferButton {...props} />
    </div>
  );
}
