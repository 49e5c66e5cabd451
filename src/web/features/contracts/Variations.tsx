import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import type { Variation } from "../../../shared/contracts";
import { formFailure } from "../../components/form/form-errors";
import { CodeField, FormAlert, mutedTextClass, PasswordField, TextAreaField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { refreshProjects } from "../../lib/queries/projects";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { contractsApi, variationsQuery } from "./api";
import { formatKobo } from "./naira";

const statusLabels: Record<Variation["status"], string> = { pending: "Waiting for the client", approved: "Approved", declined: "Declined" };
const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});
const day = (value: string | null, format: (iso: string) => string) => (value ? format(`${value}T12:00:00Z`) : "not set");

/** The client's decision on a pending variation: approve with the password (and code), or decline with a reason. */
function Decision({ projectId, variation }: { projectId: number; variation: Variation }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [choice, setChoice] = useState<"approve" | "decline" | null>(null);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: () =>
      choice === "approve"
        ? contractsApi.approveVariation(projectId, variation.id, { password, ...(code.trim() ? { code } : {}) })
        : contractsApi.declineVariation(projectId, variation.id, reason),
    onSuccess: async (decided) => {
      toast.success(decided.status === "approved" ? `Variation V${decided.number} approved.` : `Variation V${decided.number} declined.`);
      setChoice(null);
      await refreshProjects(queryClient);
    },
  });
  const fields = fieldsOf(decide.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate();
  };
  if (!choice) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setChoice("approve")}>Approve</Button>
        <Button variant="secondary" onClick={() => setChoice("decline")}>
          Decline
        </Button>
      </div>
    );
  }
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      {choice === "approve" ? (
        <>
          <p className="text-sm">
            Approving binds you to {formatKobo(variation.total)} and moves the contract sum to{" "}
            {formatKobo(variation.effect.contractSumAfter)}. Confirm it is you.
          </p>
          <PasswordField
            purpose="current"
            label="Your password"
            value={password}
            error={fields.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {user?.mfaEnabled ? (
            <CodeField
              label="Code from your authenticator app"
              value={code}
              error={fields.code}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : null}
        </>
      ) : (
        <TextAreaField
          label="Why you decline it"
          value={reason}
          maxLength={1000}
          error={fields.reason}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
      <FormAlert message={decide.isError ? formFailure(decide.error, undefined, Object.values(fields)) : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={decide.isPending}>
          {choice === "approve" ? "Approve the variation" : "Decline the variation"}
        </Button>
        <Button variant="secondary" onClick={() => setChoice(null)} disabled={decide.isPending}>
          Cancel
        </Button>
      </div>
    </form>
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
