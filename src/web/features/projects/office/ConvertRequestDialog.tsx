import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type ProjectListItem, projectUpdateSchema } from "../../../../shared/projects";
import type { DirectoryEntry } from "../../../../shared/staff-directory";
import { useApiForm } from "../../../components/form/use-api-form";
import { DialogButton } from "../../../components/ui/DialogButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { nairaInput } from "../money-field";
import { BudgetField, ScheduleFields } from "../ProjectFields";
import { ProjectForm } from "../ProjectForm";
import { ManagerField, TeamField, WithStaff } from "../StaffFields";

/** What the office settles to take a request on: who runs it and works on it, when, and for how much. */
const conversionSchema = projectUpdateSchema
  .pick({ teamIds: true, startDate: true, targetCompletion: true })
  .extend({ managerId: z.uuid({ error: "Choose a project manager." }), budget: nairaInput });

const fields = ["managerId", "teamIds", "startDate", "targetCompletion"] as const;

function ConvertRequestForm({ request, staff, onDone }: { request: ProjectListItem; staff: DirectoryEntry[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useApiForm(conversionSchema, {
    // The client's desired start is where the plan starts from.
    defaultValues: { managerId: "", teamIds: [], startDate: request.startDate, targetCompletion: null, budget: "" },
    fields,
  });

  const onSubmit = form.submit(async ({ budget, ...plan }) => {
    await projectsApi.update(request.id, { ...plan, status: "planning", ...(budget === undefined ? {} : { budgetKobo: budget }) });
    await refreshProjects(queryClient);
    toast.success(`${request.title} is now a project in planning.`);
    onDone();
  });

  return (
    <ProjectForm
      form={form}
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      submitLabel="Start planning"
      pendingLabel="Saving..."
    >
      <ManagerField staff={staff} required autoFocus />
      <TeamField staff={staff} />
      <ScheduleFields />
      <BudgetField />
    </ProjectForm>
  );
}

/** "Turn into a project": the request becomes a project in planning with its manager, team, dates and budget. */
export function ConvertRequestDialog({ request }: { request: ProjectListItem }) {
  return (
    <DialogButton
      label="Turn into a project"
      accessibleName={`Turn ${request.title} into a project`}
      title={`Turn ${request.title} into a project`}
      description={`Requested by ${request.client?.name ?? "a client"}. It moves to Planning; the client is told.`}
      size="lg"
    >
      {(close) => <WithStaff>{(staff) => <ConvertRequestForm request={request} staff={staff} onDone={close} />}</WithStaff>}
    </DialogButton>
  );
}
