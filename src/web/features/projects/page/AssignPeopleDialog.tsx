import { useQueryClient } from "@tanstack/react-query";
import type { ProjectDetail } from "../../../../shared/projects";
import { projectUpdateSchema } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { useApiForm } from "../../../components/form/use-api-form";
import { DialogButton } from "../../../components/ui/DialogButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { ProjectForm } from "../ProjectForm";
import { ManagerField, TeamField, WithStaff } from "../StaffFields";

const peopleFormSchema = projectUpdateSchema.pick({ managerId: true, teamIds: true });

function AssignPeopleForm({ project, staff, onSaved }: { project: ProjectDetail; staff: DirectoryEntry[]; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const form = useApiForm(peopleFormSchema, {
    defaultValues: { managerId: project.manager?.id ?? null, teamIds: project.team.map((member) => member.id) },
    fields: ["managerId", "teamIds"],
  });

  const onSubmit = form.submit(async (people) => {
    await projectsApi.update(project.id, people);
    await refreshProjects(queryClient);
    toast.success("Project team saved.");
    onSaved();
  });

  return (
    <ProjectForm form={form} onSubmit={onSubmit} pending={form.formState.isSubmitting} submitLabel="Save team" pendingLabel="Saving...">
      <ManagerField staff={staff} autoFocus />
      <TeamField staff={staff} />
    </ProjectForm>
  );
}

/** "Manager and team", for the project office (permissions.run): who runs the project and who works on it. */
export function AssignPeopleDialog({ project }: { project: ProjectDetail }) {
  return (
    <DialogButton variant="secondary" label="Manager and team" title="Project manager and team" size="lg">
      {(close) => <WithStaff>{(staff) => <AssignPeopleForm project={project} staff={staff} onSaved={close} />}</WithStaff>}
    </DialogButton>
  );
}
