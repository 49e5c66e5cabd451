import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { projectCreateSchema, projectStatuses, projectStatusLabels } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from "../../auth/form-fields";
import { useApiForm } from "../../auth/use-api-form";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { CategoryOptions } from "../CategoryOptions";
import { emptyAsAbsent, emptyAsNull } from "../form-values";
import { nairaInput } from "../money-field";
import { projectPagePath } from "../project-labels";
import { StaffOptions, TeamPicker, WithStaff } from "../StaffFields";

/** A new project as the office enters it: the budget typed in naira; it starts at 0 % and nothing spent. */
const newProjectSchema = projectCreateSchema.omit({ budgetKobo: true, spentKobo: true, progress: true }).extend({ budget: nairaInput });

const fields = [
  "title",
  "reference",
  "description",
  "category",
  "status",
  "progressMode",
  "address",
  "city",
  "state",
  "country",
  "startDate",
  "targetCompletion",
  "clientId",
  "managerId",
  "teamIds",
] as const;

function NewProjectForm({ staff, onCreated }: { staff: DirectoryEntry[]; onCreated: (projectId: number) => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(newProjectSchema, {
    fields,
    defaultValues: {
      title: "",
      description: "",
      category: undefined,
      status: "planning",
      progressMode: "milestones",
      address: "",
      city: "",
      state: "",
      country: "Nigeria",
      startDate: null,
      targetCompletion: null,
      clientId: null,
      managerId: null,
      teamIds: [],
      budget: "",
    },
  });

  const onSubmit = submit(async ({ budget, ...project }) => {
    const created = await projectsApi.create({ ...project, budgetKobo: budget ?? 0 });
    await refreshProjects(queryClient);
    toast.success(`${created.title} was created.`, { description: `Reference ${created.reference}.` });
    onCreated(created.id);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Title" data-autofocus error={errors.title?.message} {...register("title")} />
      </div>
      <SelectField label="Category" defaultValue="" error={errors.category?.message} {...register("category")}>
        <option value="" disabled>
          Choose a category
        </option>
        <CategoryOptions />
      </SelectField>
      <TextField
        label="Reference"
        optional
        hint="Given automatically when left empty, like CB-2026-0123."
        error={errors.reference?.message}
        {...register("reference", emptyAsAbsent)}
      />
      <SelectField label="Status" error={errors.status?.message} {...register("status")}>
        {projectStatuses.map((status) => (
          <option key={status} value={status}>
            {projectStatusLabels[status]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Progress follows" error={errors.progressMode?.message} {...register("progressMode")}>
        <option value="milestones">The milestones done</option>
        <option value="manual">What the team sets</option>
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={4} error={errors.description?.message} {...register("description")} />
      </div>
      <div className="sm:col-span-2">
        <TextField label="Site address" optional error={errors.address?.message} {...register("address")} />
      </div>
      <TextField label="City" error={errors.city?.message} {...register("city")} />
      <TextField label="State" optional error={errors.state?.message} {...register("state")} />
      <TextField label="Country" error={errors.country?.message} {...register("country")} />
      <TextField label="Budget (₦)" inputMode="decimal" optional error={errors.budget?.message} {...register("budget")} />
      <TextField label="Start" type="date" optional error={errors.startDate?.message} {...register("startDate", emptyAsNull)} />
      <TextField
        label="Target completion"
        type="date"
        optional
        error={errors.targetCompletion?.message}
        {...register("targetCompletion", emptyAsNull)}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Client account ID"
          optional
          hint="The client's account ID, if they have an account; it can be set later."
          error={errors.clientId?.message}
          {...register("clientId", emptyAsNull)}
        />
      </div>
      <div className="sm:col-span-2">
        <SelectField label="Project manager" optional error={errors.managerId?.message} {...register("managerId", emptyAsNull)}>
          <option value="">No manager yet</option>
          <StaffOptions staff={staff} />
        </SelectField>
      </div>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="teamIds"
          render={({ field, fieldState }) => (
            <TeamPicker staff={staff} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </div>
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Create project" pendingLabel="Creating..." />
      </div>
    </form>
  );
}

/** "New project", for the project office: created, then opened on its page. */
export function NewProjectDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={() => setOpen(true)}>New project</Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="New project" size="lg">
        <WithStaff>
          {(staff) => (
            <NewProjectForm
              staff={staff}
              onCreated={(projectId) => {
                setOpen(false);
                navigate(projectPagePath(projectId));
              }}
            />
          )}
        </WithStaff>
      </ModalDialog>
    </>
  );
}
