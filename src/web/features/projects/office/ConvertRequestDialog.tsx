import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { type ProjectListItem, projectUpdateSchema } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../auth/form-fields";
import { useApiForm } from "../../auth/use-api-form";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { emptyAsNull } from "../form-values";
import { nairaInput } from "../money-field";
import { StaffOptions, TeamPicker, WithStaff } from "../StaffFields";

/** What the office settles to take a request on: who runs it and works on it, when, and for how much. */
const conversionSchema = projectUpdateSchema
  .pick({ teamIds: true, startDate: true, targetCompletion: true })
  .extend({ managerId: z.uuid({ error: "Choose a project manager." }), budget: nairaInput });

const fields = ["managerId", "teamIds", "startDate", "targetCompletion"] as const;

function ConvertRequestForm({ request, staff, onDone }: { request: ProjectListItem; staff: DirectoryEntry[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(conversionSchema, {
    defaultValues: { managerId: "", teamIds: [], startDate: null, targetCompletion: null, budget: "" },
    fields,
  });

  const onSubmit = submit(async ({ budget, ...plan }) => {
    await projectsApi.update(request.id, { ...plan, status: "planning", ...(budget === undefined ? {} : { budgetKobo: budget }) });
    await refreshProjects(queryClient);
    toast.success(`${request.title} is now a project in planning.`);
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <SelectField label="Project manager" data-autofocus error={errors.managerId?.message} {...register("managerId")}>
          <option value="">Choose a project manager</option>
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
      <TextField label="Start" type="date" optional error={errors.startDate?.message} {...register("startDate", emptyAsNull)} />
      <TextField
        label="Target completion"
        type="date"
        optional
        error={errors.targetCompletion?.message}
        {...register("targetCompletion", emptyAsNull)}
      />
      <TextField label="Budget (₦)" inputMode="decimal" optional error={errors.budget?.message} {...register("budget")} />
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Start planning" pendingLabel="Saving..." />
      </div>
    </form>
  );
}

/** "Turn into a project": the request becomes a project in planning with its manager, team, dates and budget. */
export function ConvertRequestDialog({ request }: { request: ProjectListItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`Turn ${request.title} into a project`}>
        Turn into a project
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Turn ${request.title} into a project`}
        description={`Requested by ${request.client?.name ?? "a client"}. It moves to Planning; the client is told.`}
        size="lg"
      >
        <WithStaff>{(staff) => <ConvertRequestForm request={request} staff={staff} onDone={() => setOpen(false)} />}</WithStaff>
      </ModalDialog>
    </>
  );
}
