import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../../shared/api";
import { koboOfNaira } from "../../../shared/naira";
import type { PaymentStageInput } from "../../../shared/payment-stages";
import type { Milestone } from "../../../shared/projects";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, SelectField, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { contractsApi, paymentScheduleQuery } from "./api";

type Basis = "percent" | "amount";
const PERCENT_TYPED = /^\d{1,3}(\.\d{1,2})?$/;

/** The stage as the API takes it, or the message for the value typed. */
function stageOf(name: string, basis: Basis, value: string, milestoneId: string): PaymentStageInput | { invalid: string } {
  const milestone = milestoneId === "" ? null : Number(milestoneId);
  if (basis === "percent") {
    const percent = value.trim().replace(/\s*%$/, "");
    if (!PERCENT_TYPED.test(percent)) return { invalid: "Give the percentage as a number, with at most 2 decimals." };
    return { name, percent: Number(percent), milestoneId: milestone };
  }
  const amount = koboOfNaira(value);
  if (amount === null) return { invalid: "Give the amount in naira, like 1,777,800.00." };
  return { name, amount, milestoneId: milestone };
}

/** 'Add a stage': a name, an amount in naira or a percentage of the contract sum, and the milestone it waits for. */
export function AddStageForm({ projectId, milestones }: { projectId: number; milestones: readonly Milestone[] }) {
  const queryClient = useQueryClient();
  const basisName = useId();
  const [name, setName] = useState("");
  const [basis, setBasis] = useState<Basis>("percent");
  const [value, setValue] = useState("");
  const [milestoneId, setMilestoneId] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (stage: PaymentStageInput) => contractsApi.addStage(projectId, stage),
    onSuccess: (schedule) => {
      queryClient.setQueryData(paymentScheduleQuery(projectId).queryKey, schedule);
      setName("");
      setValue("");
      setMilestoneId("");
    },
  });
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const valueError = invalid ?? (basis === "percent" ? fields.percent : undefined) ?? fields.amount;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const stage = stageOf(name, basis, value, milestoneId);
    add.reset();
    if ("invalid" in stage) return setInvalid(stage.invalid);
    setInvalid(null);
    add.mutate(stage);
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Add a stage">
      <TextField
        label="Name"
        maxLength={120}
        placeholder="Mobilisation"
        value={name}
        error={fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset>
        <legend className="font-medium">Paid as</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(
            [
              ["percent", "A percentage of the contract sum"],
              ["amount", "An amount in naira"],
            ] as const
          ).map(([option, label]) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={basisName}
                value={option}
                checked={basis === option}
                onChange={() => {
                  setBasis(option);
                  setInvalid(null);
                }}
                className="size-4"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={basis === "percent" ? "Percentage (%)" : "Amount (₦)"}
        inputMode="decimal"
        placeholder={basis === "percent" ? "30" : "1,777,800.00"}
        value={value}
        error={valueError}
        onChange={(event) => setValue(event.target.value)}
      />
      <SelectField
        label="Due when this milestone is done"
        optional
        hint="Without one, the stage is due once the contract is signed (mobilisation)."
        value={milestoneId}
        error={fields.milestoneId}
        onChange={(event) => setMilestoneId(event.target.value)}
      >
        <option value="">No milestone</option>
        {milestones.map((milestone) => (
          <option key={milestone.id} value={milestone.id}>
            {milestone.title}
          </option>
        ))}
      </SelectField>
      <FormAlert message={add.isError ? formFailure(add.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={add.isPending} className="self-start">
        {add.isPending ? "Adding..." : "Add the stage"}
      </Button>
    </form>
  );
}
