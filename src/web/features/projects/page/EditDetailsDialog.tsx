import { useQueryClient } from "@tanstack/react-query";
import { fieldMask } from "../../../../shared/fields";
import type { ProjectCategory } from "../../../../shared/project-terms";
import { type ProjectDetail, projectDescriptionFields, projectUpdateSchema } from "../../../../shared/projects";
import { SelectField, TextAreaField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { DialogButton } from "../../../components/ui/DialogButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { nairaInput, nairaText } from "../money-field";
import { BudgetField, CategoryField, ScheduleFields, SiteFields, StatusField, TitleField } from "../ProjectFields";
import { ProjectForm } from "../ProjectForm";

const fields = [...projectDescriptionFields, "progress", "liveCheckHours"] as const;

/** The details an editor changes; money typed in naira. */
const detailsFormSchema = projectUpdateSchema.pick(fieldMask(fields)).extend({ budget: nairaInput, spent: nairaInput });

function EditDetailsForm({ project, onSaved }: { project: ProjectDetail; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const form = useApiForm(detailsFormSchema, {
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
      liveCheckHours: project.liveCheckHours,
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const manualProgress = watch("progressMode") === "manual";
  // Only the project office turns a client's request into a project.
  const statusLocked = project.status === "requested" && !project.permissions.run;

  const onSubmit = form.submit(async ({ budget, spent, progress, status, ...details }) => {
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
    <ProjectForm form={form} onSubmit={onSubmit} pending={isSubmitting} submitLabel="Save details" pendingLabel="Saving...">
      <TitleField />
      <CategoryField />
      <StatusField locked={statusLocked} />
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
      <ScheduleFields />
      {project.finance ? (
        <>
          <BudgetField />
          <TextField label="Spent so far (₦)" inputMode="decimal" optional error={errors.spent?.message} {...register("spent")} />
        </>
      ) : null}
      <SiteFields />
      <TextField
        label="Hours the site has to answer a live check"
        type="number"
        min={1}
        max={168}
        error={errors.liveCheckHours?.message}
        {...register("liveCheckHours", { valueAsNumber: true })}
      />
    </ProjectForm>
  );
}

/** "Edit details" for those who may change the project (permissions.edit). */
export function EditDetailsDialog({ project }: { project: ProjectDetail }) {
  return (
    <DialogButton variant="secondary" label="Edit details" title="Edit project details" size="lg">
      {(close) => <EditDetailsForm project={project} onSaved={close} />}
    </DialogButton>
  );
}
