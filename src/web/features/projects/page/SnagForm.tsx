import { useQueryClient } from "@tanstack/react-query";
import type { ProjectDetail } from "../../../../shared/projects";
import { SNAG_LOCATION_MAX, SNAG_TITLE_MAX, snagCreateSchema } from "../../../../shared/snags";
import { FormAlert, SelectField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { SubmitButton } from "../../../components/ui/SubmitButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

/** Who a snag may be given to: the project's manager and its team. */
function assigneesOf(project: ProjectDetail) {
  const people = [...(project.manager ? [project.manager] : []), ...project.team];
  return people.filter((person, index) => people.findIndex((other) => other.id === person.id) === index);
}

/** 'New snag': what is wrong and where, who fixes it and by when, with photos. */
export function SnagForm({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const form = useApiForm(snagCreateSchema, {
    defaultValues: { title: "", location: "", assigneeId: "", dueOn: "" },
    fields: ["title", "location", "assigneeId", "dueOn"],
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ title, location, assigneeId, dueOn }) => {
    await projectsApi.raiseSnag(project.id, { title, location, assigneeId: assigneeId ?? "", dueOn: dueOn ?? "" }, picked.photos);
    await refreshProjects(queryClient);
    form.reset();
    picked.clear();
    toast.success("Snag raised.");
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Title" maxLength={SNAG_TITLE_MAX} placeholder="Cracked floor tile" {...form.field("title")} />
        <TextField label="Location" maxLength={SNAG_LOCATION_MAX} placeholder="Kitchen, by the sink" {...form.field("location")} />
        <SelectField label="Assignee" optional {...form.field("assigneeId")}>
          <option value="">Not assigned</option>
          {assigneesOf(project).map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Due date" type="date" optional {...form.field("dueOn")} />
      </div>
      <PhotoPicker picked={picked} disabled={isSubmitting} />
      <FormAlert message={form.failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Raise snag" pendingLabel="Raising..." />
      </div>
    </form>
  );
}
