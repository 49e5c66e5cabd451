import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { projectCreateSchema, projectDescriptionFields } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { SelectField, TextAreaField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { DialogButton } from "../../../components/ui/DialogButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { ClientField } from "../ClientField";
import { emptyAsAbsent } from "../form-values";
import { nairaInput } from "../money-field";
import { BudgetField, CategoryField, ScheduleFields, SiteFields, StatusField, TitleField } from "../ProjectFields";
import { ProjectForm } from "../ProjectForm";
import { projectPagePath } from "../project-labels";
import { ManagerField, TeamField, WithStaff } from "../StaffFields";

/** A new project as the office enters it: the budget typed in naira; it starts at 0 % and nothing spent. */
const newProjectSchema = projectCreateSchema.omit({ budgetKobo: true, spentKobo: true, progress: true }).extend({ budget: nairaInput });

const fields = [...projectDescriptionFields, "reference", "clientId", "managerId", "teamIds"] as const;

function NewProjectForm({ staff, onCreated }: { staff: DirectoryEntry[]; onCreated: (projectId: number) => void }) {
  const queryClient = useQueryClient();
  const form = useApiForm(newProjectSchema, {
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
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.submit(async ({ budget, ...project }) => {
    const created = await projectsApi.create({ ...project, budgetKobo: budget ?? 0 });
    await refreshProjects(queryClient);
    toast.success(`${created.title} was created.`, { description: `Reference ${created.reference}.` });
    onCreated(created.id);
  });

  return (
    <ProjectForm form={form} onSubmit={onSubmit} pending={isSubmitting} submitLabel="Create project" pendingLabel="Creating...">
      <TitleField />
      <CategoryField unchosen />
      <TextField
        label="Reference"
        optional
        hint="Given automatically when left empty, like CB-2026-0123."
        error={errors.reference?.message}
        {...register("reference", emptyAsAbsent)}
      />
      <StatusField />
      <SelectField label="Progress follows" error={errors.progressMode?.message} {...register("progressMode")}>
        <option value="milestones">The milestones done</option>
        <option value="manual">What the team sets</option>
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={4} error={errors.description?.message} {...register("description")} />
      </div>
      <SiteFields />
      <BudgetField />
      <ScheduleFields />
      <ClientField />
      <ManagerField staff={staff} />
      <TeamField staff={staff} />
    </ProjectForm>
  );
}

/** "New project", for the project office: created, then opened on its page. */
export function NewProjectDialog() {
  const navigate = useNavigate();
  return (
    <DialogButton label="New project" title="New project" size="lg">
      {(close) => (
        <WithStaff>
          {(staff) => (
            <NewProjectForm
              staff={staff}
              onCreated={(projectId) => {
                close();
                navigate(projectPagePath(projectId));
              }}
            />
          )}
        </WithStaff>
      )}
    </DialogButton>
  );
}
