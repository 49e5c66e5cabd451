import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../../shared/api";
import { type Invoice, PROOF_MAX_BYTES } from "../../../shared/invoices";
import { lagosDay } from "../../../shared/lagos-time";
import { formatKobo, koboOfNaira } from "../../../shared/naira";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, inputClass, mutedTextClass, SelectField, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { contractsApi } from "./api";

const PROOF_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,application/pdf";

/** What is wrong with the chosen proof before it is sent, or null. */
function proofProblem(file: File | null): string | null {
  if (!file) return "Attach the proof of payment: a photo of the bank slip or a screenshot of the transfer (image or PDF).";
  if (file.size > PROOF_MAX_BYTES) return "The proof of payment must be 10 MB or smaller.";
  return null;
}

/**
 * 'Record a transfer': the client or a payer says what they sent, against which invoice, with the bank's reference and
 * a photo of the slip or a screenshot; it counts once Accounts find it on the bank statement.
 */
export function RecordTransferForm({
  projectId,
  invoices,
  onDone,
}: {
  projectId: number;
  invoices: readonly Invoice[];
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const proofId = useId();
  const open = invoices.filter((invoice) => invoice.balance > 0);
  const [invoiceId, setInvoiceId] = useState(String(open[0]?.id ?? ""));
  const chosen = invoices.find((invoice) => String(invoice.id) === invoiceId);
  const [amount, setAmount] = useState(chosen ? (chosen.balance / 100).toFixed(2) : "");
  const [paidOn, setPaidOn] = useState(() => lagosDay(new Date()));
  const [reference, setReference] = useState("");
  const [proof, setProof] = useState<File | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const record = useMutation({
    mutationFn: (kobo: number) =>
      contractsApi.recordTransfer(projectId, { invoiceId: Number(invoiceId), amount: kobo, paidOn, reference, proof: proof as File }),
    onSuccess: async (payment) => {
      toast.success("Transfer recorded.", {
        description: `${formatKobo(payment.amount)} against ${payment.invoiceNumber}: Accounts confirm it once they see it on the bank statement.`,
      });
      await refreshProjects(queryClient);
      onDone?.();
    },
  });
  const fields = { ...(record.error instanceof ApiError ? record.error.fields : {}), ...problems };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.reset();
    const kobo = koboOfNaira(amount);
    const found: Record<string, string> = {};
    if (kobo === null || kobo <= 0) found.amount = "Give the amount in naira, like 1,777,800.00.";
    const proofIssue = proofProblem(proof);
    if (proofIssue) found.proof = proofIssue;
    setProblems(found);
    if (kobo !== null && kobo > 0 && !proofIssue) record.mutate(kobo);
  };
  if (invoices.length === 0) return <p className={mutedTextClass}>There is no invoice to pay yet.</p>;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Record a transfer">
      <SelectField
        label="Invoice"
        value={invoiceId}
        error={fields.invoiceId}
        onChange={(event) => {
          setInvoiceId(event.target.value);
          const next = invoices.find((invoice) => String(invoice.id) === event.target.value);
          if (next) setAmount((Math.max(next.balance, 0) / 100).toFixed(2));
        }}
      >
        {invoices.map((invoice) => (
          <option key={invoice.id} value={invoice.id}>
            {invoice.number}: {formatKobo(invoice.balance)} still due
          </option>
        ))}
      </SelectField>
      <TextField
        label="Amount sent (₦)"
        inputMode="decimal"
        value={amount}
        error={fields.amount}
        hint="Part payments are fine; so is paying more."
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextField
        label="Date of the transfer"
        type="date"
        value={paidOn}
        error={fields.paidOn}
        onChange={(event) => setPaidOn(event.target.value)}
      />
      <TextField
        label="Transfer reference"
        hint="As your bank shows it: Accounts match it against the bank statement."
        maxLength={80}
        value={reference}
        error={fields.reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <div>
        <label htmlFor={proofId} className="font-medium">
          Proof of payment
        </label>
        <p className={`text-sm ${mutedTextClass}`}>A photo of the bank slip or a screenshot of the transfer (image or PDF, up to 10 MB).</p>
        <input
          id={proofId}
          type="file"
          accept={PROOF_ACCEPT}
          aria-invalid={fields.proof ? true : undefined}
          aria-describedby={fields.proof ? `${proofId}-error` : undefined}
          className={`${inputClass} mt-1 file:mr-3 file:rounded file:border-0 file:bg-neutral-light file:px-3 file:py-1 file:font-semibold file:text-brand-900`}
          onChange={(event) => setProof(event.target.files?.[0] ?? null)}
        />
        {fields.proof ? (
          <p id={`${proofId}-error`} className="mt-1 text-sm font-semibold text-red-800 dark:text-red-200">
            {fields.proof}
          </p>
        ) : null}
      </div>
      <FormAlert message={record.isError ? formFailure(record.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={record.isPending} className="self-start">
        {record.isPending ? "Sending..." : "Record the transfer"}
      </Button>
    </form>
  );
}
