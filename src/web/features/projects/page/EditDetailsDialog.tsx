import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  type ProjectCategory,
  type ProjectDetail,
  projectStatuses,
  projectStatusLabels,
  projectUpdateSchema,
} from "../../../../shared/projects";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from "../../auth/form-fields";
import { useApiForm } from "../../auth/use-api-form";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { CategoryOptions } from "../CategoryOptions";
import { emptyAsNull } from "../form-values";
import { nairaInput, nairaText } from "../money-field";

/** The details an editor changes; money typed in naira. */
const detailsFormSchema = projectUpdateSchema
  .pick({
    title: true,
    description: true,
    category: true,
    status: true,
    progressMode: true,
    progress: true,
    address: true,
    city: true,
    state: true,
    country: true,
    startDate: true,
    targetCompletion: true,
  })
  .extend({ budget: nairaInput, spent: nairaInput });

const fields = [
  "title",
  "description",
  "category",
  "status",
  "progressMode",
  "progress",
  "address",
  "city",
  "state",
  "country",
  "startDate",
  "targetCompletion",
] as const;

function EditDetailsForm({ project, onSaved }: { project: ProjectDetail; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    submit,
    failure,
    watch,
    formState: { errors, isSubmitting },
  } = useApiForm(detailsFormSchema, {
    fields,
    defaultValues: {
      title: project.title,
      description: project.description,
      category: project.category as ProjectCategory,
      status: project.status,
      progressMode: project.progressMode,
      progress: project.progress,
      address: project.address,
      city: project.city,
      state: project.state ?? "",
      country: project.country,
      startDate: project.startDate,
      targetCompletion: project.targetCompletion,
      budget: project.finance ? nairaText(project.finance.budgetKobo) : "",
      spent: project.finance ? nairaText(project.finance.spentKobo) : "",
    },
  });
  const manualProgress = watch("progressMode") === "manual";
  // Only the project office turns a client's request into a project.
  const statusLocked = project.status === "requested" && !project.permissions.run;

  const onSubmit = submit(async ({ budget, spent, progress, status, ...details }) => {
    await projectsApi.update(project.id, {
      ...details,
      ...(statusLocked ? {} : { status }),
      // In milestones mode the progress is worked out from them: sending it would be refused.
      ...(details.progressMode === "manual" ? { progress } : {}),
      ...(project.finance ? { budgetKobo: budget ?? 0, spentKobo: spent ?? 0 } : {}),
    });
    await refreshProjects(queryClient);
    toast.success("Project details saved.");
    onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Title" data-autofocus error={errors.title?.message} {...register("title")} />
      </div>
      <SelectField label="Category" error={errors.category?.message} {...register("category")}>
        <CategoryOptions />
      </SelectField>
      <SelectField
        label="Status"
        disabled={statusLocked}
        hint={statusLocked ? "The project office turns a request into a project." : undefined}
        error={errors.status?.message}
        {...register("status")}
      >
        {projectStatuses.map((status) => (
          <option key={status} value={status}>
            {projectStatusLabels[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Progress follows" error={errors.progressMode?.message} {...register("progressMode")}>
        <option value="manual">What the team sets</option>
        <option value="milestones">The milestones done</option>
      </SelectField>
      {manualProgress ? (
        <TextField
          label="Progress (%)"
          type="number"
          min={0}
          max={100}
          error={errors.progress?.message}
          {...register("progress", { valueAsNumber: true })}
        />
      ) : (
        <p className="self-end text-sm">The progress is worked out from the weights of the milestones done.</p>
      )}
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={5} error={errors.description?.message} {...register("description")} />
      </div>
      <TextField label="Start" type="date" optional error={errors.startDate?.message} {...register("startDate", emptyAsNull)} />
      <TextField
        label="Target completion"
        type="date"
        optional
        error={errors.targetCompletion?.message}
        {...register("targetCompletion", emptyAsNull)}
      />
      {project.finance ? (
        <>
          <TextField label="Budget (₦)" inputMode="decimal" optional error={errors.budget?.message} {...register("budget")} />
          <TextField label="Spent so far (₦)" inputMode="decimal" optional error={errors.spent?.message} {...register("spent")} />
        </>
      ) : null}
      <div className="sm:col-span-2">
        <TextField label="Site address" optional error={errors.address?.message} {...register("address")} />
      </div>
      <TextField label="City" error={errors.city?.message} {...register("city")} />
      <TextField label="State" optional error={errors.state?.message} {...register("state")} />
      <TextField label="Country" error={errors.country?.message} {...register("country")} />
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Save details" pendingLabel="Saving..." />
      </div>
    </form>
  );
}

/** "Edit details" for those who may change the project (permissions.edit). */
export function EditDetailsDialog({ project }: { project: ProjectDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Edit details
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Edit project details" size="lg">
        <EditDetailsForm project={project} onSaved={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}
