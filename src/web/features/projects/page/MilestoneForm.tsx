import type { z } from "zod";
import { type Milestone, milestoneCreateSchema, type ProgressMode } from "../../../../shared/projects";
import { FormAlert, TextAreaField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { Button } from "../../../components/ui/Button";
import { emptyAsNull } from "../form-values";

const fields = ["title", "description", "dueDate", "weight"] as const;

/** The form leaves the milestone's place in the schedule as it is (new ones go at the end). */
const milestoneFormSchema = milestoneCreateSchema.omit({ position: true });
export type MilestoneValues = z.output<typeof milestoneFormSchema>;

type Props = {
  /** The milestone being edited; a new one when absent. */
  milestone?: Milestone;
  progressMode: ProgressMode;
  submitLabel: string;
  /** Saves; on failure the form keeps what was typed and shows why. */
  onSave: (values: MilestoneValues) => Promise<unknown>;
  onCancel?: () => void;
};

/** A milestone's name, due date, weight (it counts for the progress in milestones mode) and notes. */
export function MilestoneForm({ milestone, progressMode, submitLabel, onSave, onCancel }: Props) {
  const form = useApiForm(milestoneFormSchema, {
    defaultValues: {
      title: milestone?.title ?? "",
      description: milestone?.description ?? "",
      dueDate: milestone?.dueDate ?? null,
      weight: milestone?.weight ?? 1,
    },
    fields,
  });

  const onSubmit = form.submit(async (values) => {
    await onSave(values);
    if (!milestone) form.reset();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[1fr_12rem_8rem]">
      <TextField label="Milestone" {...form.field("title")} />
      <TextField label="Due date" type="date" optional {...form.field("dueDate", emptyAsNull)} />
      <TextField
        label="Weight"
        type="number"
        min={1}
        max={100}
        hint={progressMode === "milestones" ? "Its share of the progress." : undefined}
        {...form.field("weight", { valueAsNumber: true })}
      />
      <div className="sm:col-span-3">
        <TextAreaField label="Notes" optional rows={2} {...form.field("description")} />
      </div>
      <FormAlert className="sm:col-span-3" message={form.failure} />
      <div className="flex flex-wrap gap-3 sm:col-span-3">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving..." : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
