import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import type { ProjectDetail } from "../../../../shared/projects";
import { projectUpdateSchema } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { FormAlert, SelectField, SubmitButton } from "../../auth/form-fields";
import { useApiForm } from "../../auth/use-api-form";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { emptyAsNull } from "../form-values";
import { StaffOptions, TeamPicker, WithStaff } from "../StaffFields";

const peopleFormSchema = projectUpdateSchema.pick({ managerId: true, teamIds: true });

function AssignPeopleForm({ project, staff, onSaved }: { project: ProjectDetail; staff: DirectoryEntry[]; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(peopleFormSchema, {
    defaultValues: { managerId: project.manager?.id ?? null, teamIds: project.team.map((member) => member.id) },
    fields: ["managerId", "teamIds"],
  });

  const onSubmit = submit(async (people) => {
    await projectsApi.update(project.id, people);
    await refreshProjects(queryClient);
    toast.success("Project team saved.");
    onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <SelectField
        label="Project manager"
        optional
        data-autofocus
        error={errors.managerId?.message}
        {...register("managerId", emptyAsNull)}
      >
        <option value="">No manager yet</option>
        <StaffOptions staff={staff} />
      </SelectField>
      <Controller
        control={control}
        name="teamIds"
        render={({ field, fieldState }) => (
          <TeamPicker staff={staff} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <FormAlert message={failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Save team" pendingLabel="Saving..." />
      </div>
    </form>
  );
}

/** "Manager and team", for the project office (permissions.run): who runs the project and who works on it. */
export function AssignPeopleDialog({ project }: { project: ProjectDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Manager and team
      </Button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title="Project manager and team" size="lg">
        <WithStaff>{(staff) => <AssignPeopleForm project={project} staff={staff} onSaved={() => setOpen(false)} />}</WithStaff>
      </ModalDialog>
    </>
  );
}
