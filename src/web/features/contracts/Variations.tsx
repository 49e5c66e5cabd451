import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import type { Variation } from "../../../shared/contracts";
import { formatKobo } from "../../../shared/naira";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextAreaField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { StepUpDialog } from "../account";
import { contractsApi, variationsQuery } from "./api";

const statusLabels: Record<Variation["status"], string> = { pending: "Waiting for the client", approved: "Approved", declined: "Declined" };
const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});
const day = (value: string | null, format: (iso: string) => string) => (value ? format(`${value}T12:00:00Z`) : "not set");

/**
 * The client's decision on a pending variation: approve with a fresh proof (the account feature's step-up: password and
 * code, or a passkey, or a provider sign-in just made), or decline with a reason.
 */
function Decision({ projectId, variation }: { projectId: number; variation: Variation }) {
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const decided = async (result: Variation) => {
    toast.success(result.status === "approved" ? `Variation V${result.number} approved.` : `Variation V${result.number} declined.`);
    await refreshProjects(queryClient);
  };
  const decline = useMutation({
    mutationFn: () => contractsApi.declineVariation(projectId, variation.id, reason),
    onSuccess: decided,
  });
  const fields = fieldsOf(decline.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decline.mutate();
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setApproving(true)}>Approve</Button>
        <Button variant="secondary" onClick={() => setDeclining((open) => !open)} aria-expanded={declining}>
          Decline
        </Button>
      </div>
      <StepUpDialog
        open={approving}
        onClose={() => setApproving(false)}
        title={`Approve variation V${variation.number}`}
        actionLabel="Approve the variation"
        onProof={async (proof) => decided(await contractsApi.approveVariation(projectId, variation.id, proof))}
      />
      {declining ? (
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <TextAreaField
            label="Why you decline it"
            value={reason}
            maxLength={1000}
            error={fields.reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormAlert message={decline.isError ? formFailure(decline.error, undefined, Object.values(fields)) : null} />
          <Button type="submit" disabled={decline.isPending} className="self-start">
            Decline the variation
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function VariationItem({ projectId, variation, canDecide }: { projectId: number; variation: Variation; canDecide: boolean }) {
  const { date } = useDateFormats();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-light p-4 dark:border-brand-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-bold break-words">
          V{variation.number}: {variation.title}
        </h4>
        <span className="rounded-full border px-2.5 py-0.5 text-sm font-semibold">{statusLabels[variation.status]}</span>
      </div>
      <p className="text-sm break-words">{variation.reason}</p>
      <section
        className="overflow-x-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region with nothing focusable inside must take the focus itself.
        tabIndex={0}
        aria-label={`Lines of V${variation.number}`}
      >
        <table className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col">Work</th>
              <th scope="col" className="text-right">
                Quantity
              </th>
              <th scope="col" className="text-right">
                Rate
              </th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {variation.lines.map((line) => (
              <tr key={line.id}>
                <td className="break-words">{line.description}</td>
                <td className="text-right whitespace-nowrap">
                  {line.quantity} {line.unit}
                </td>
                <td className="text-right whitespace-nowrap">{formatKobo(line.rate)}</td>
                <td className="text-right whitespace-nowrap">{formatKobo(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Total</dt>
          <dd className="tabular-nums">{formatKobo(variation.total)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Contract sum</dt>
          <dd className="tabular-nums">
            {formatKobo(variation.effect.contractSumBefore)} → {formatKobo(variation.effect.contractSumAfter)}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Completion</dt>
          <dd>
            {day(variation.effect.completionBefore, date)} → {day(variation.effect.completionAfter, date)} ({variation.daysAdded} days)
          </dd>
        </div>
        {variation.decidedBy ? (
          <div>
            <dt className="font-semibold">{variation.status === "approved" ? "Approved by" : "Declined by"}</dt>
            <dd>
              {variation.decidedBy.name}
              {variation.declineReason ? `: ${variation.declineReason}` : ""}
            </dd>
          </div>
        ) : null}
      </dl>
      {canDecide && variation.status === "pending" ? <Decision projectId={projectId} variation={variation} /> : null}
    </li>
  );
}

/** The variations of the contract, newest first; the client decides the pending ones. */
export function Variations({ projectId, canDecide }: { projectId: number; canDecide: boolean }) {
  const variations = useQuery(variationsQuery(projectId));
  if (variations.isPending) return <LoadingMessage>Loading the variations...</LoadingMessage>;
  if (variations.isError) return <ErrorMessage error={variations.error} onRetry={() => void variations.refetch()} />;
  const { items, contractSum, originalContractSum } = variations.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="tabular-nums">
        Contract sum: <strong>{formatKobo(contractSum)}</strong>
        {contractSum !== originalContractSum ? (
          <span className={mutedTextClass}> (signed at {formatKobo(originalContractSum)})</span>
        ) : null}
      </p>
      {items.length === 0 ? (
        <EmptyMessage title="No variation.">A change to the signed work appears here for the client to approve.</EmptyMessage>
      ) : (
        <ul aria-label="Variations" className="flex flex-col gap-4">
          {items.map((variation) => (
            <VariationItem key={variation.id} projectId={projectId} variation={variation} canDecide={canDecide} />
          ))}
        </ul>
      )}
    </div>
  );
}
