import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatKobo } from "../../../shared/naira";
import type { PaymentStage, PaymentStageStatus, PaymentSchedule as Schedule } from "../../../shared/payment-stages";
import { mutedTextClass } from "../../components/form/form-fields";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { contractsApi, paymentScheduleQuery } from "./api";

const statusLabels: Record<PaymentStageStatus, string> = { due: "Due", scheduled: "Scheduled" };
const statusTones: Record<PaymentStageStatus, string> = {
  due: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
  scheduled: "border-neutral-mid bg-white text-brand-900 dark:border-neutral-light dark:bg-brand-900 dark:text-white",
};

function StageItem({ projectId, stage, canRemove }: { projectId: number; stage: PaymentStage; canRemove: boolean }) {
  const queryClient = useQueryClient();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{stage.name}</p>
        <p className={`text-sm ${mutedTextClass}`}>
          {stage.percent === null ? "A fixed amount" : `${stage.percent} % of the contract sum`};{" "}
          {stage.milestoneTitle ? `due when "${stage.milestoneTitle}" is done` : "due once the contract is signed"}
        </p>
      </div>
      <span className="text-lg font-semibold tabular-nums sm:text-right">{formatKobo(stage.amount)}</span>
      <span className={`self-start rounded-full border px-2.5 py-0.5 text-sm font-semibold sm:self-center ${statusTones[stage.status]}`}>
        {statusLabels[stage.status]}
      </span>
      {canRemove ? (
        <div className="self-start sm:self-center">
          <ConfirmButton
            label="Remove"
            accessibleName={`Remove the stage ${stage.name}`}
            confirmLabel="Remove the stage"
            pendingLabel="Removing..."
            variant="danger"
            title={`Remove "${stage.name}"?`}
            onConfirm={async () => {
              await contractsApi.removeStage(projectId, stage.id);
              await queryClient.invalidateQueries({ queryKey: paymentScheduleQuery(projectId).queryKey });
            }}
          >
            The stage leaves the payment schedule.
          </ConfirmButton>
        </div>
      ) : null}
    </li>
  );
}

function ScheduleTotal({ schedule }: { schedule: Schedule }) {
  const difference = schedule.contractSum - schedule.totalScheduled;
  return (
    <div className="flex flex-col gap-1 border-t-2 border-brand-900 pt-3 dark:border-white">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-bold">
        <span>Total scheduled</span>
        <span className="tabular-nums">{formatKobo(schedule.totalScheduled)}</span>
      </p>
      <p className={`text-sm ${schedule.equalsContractSum ? mutedTextClass : "font-semibold text-amber-800 dark:text-amber-200"}`}>
        {schedule.equalsContractSum
          ? `The stages add up to the contract sum, ${formatKobo(schedule.contractSum)}.`
          : `The contract sum is ${formatKobo(schedule.contractSum)}: ${formatKobo(Math.abs(difference))} ${difference > 0 ? "is not in a stage yet" : "more than it is scheduled"}.`}
      </p>
    </div>
  );
}

/** The payment schedule: each stage with its amount, milestone and status, and their total against the contract sum. */
export function PaymentSchedule({ projectId, canPrepare }: { projectId: number; canPrepare: boolean }) {
  const schedule = useQuery(paymentScheduleQuery(projectId));
  if (schedule.isPending) return <LoadingMessage>Loading the payment schedule...</LoadingMessage>;
  if (schedule.isError) return <ErrorMessage error={schedule.error} onRetry={() => void schedule.refetch()} />;
  if (schedule.data.stages.length === 0) {
    return (
      <EmptyMessage title="No payment stage yet.">
        {canPrepare
          ? "Add the stages the client pays in: mobilisation, then one for each milestone."
          : "The project office sets the stages you pay in."}
      </EmptyMessage>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Payment stages" className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
        {schedule.data.stages.map((stage) => (
          <StageItem key={stage.id} projectId={projectId} stage={stage} canRemove={canPrepare} />
        ))}
      </ol>
      <ScheduleTotal schedule={schedule.data} />
    </div>
  );
}
