import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { TextAreaField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { PROJECTS_PATH } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { emptyAsNull } from "../form-values";
import { CategoryField, SiteFields, TitleField } from "../ProjectFields";
import { ProjectForm } from "../ProjectForm";

// The schema (and zod with it) is loaded at the first check.
const loadSchema = () => import("../../../../shared/projects").then((module) => module.projectRequestSchema);

const fields = ["title", "category", "description", "address", "city", "state", "startDate"] as const;

/** The request form of RequestProjectDialog: loaded when the dialog first opens, not with the dashboard. */
export default function RequestProjectForm({ onSent }: { onSent: () => void }) {
  const queryClient = useQueryClient();
  // It arrives after its dialog opened, which could not give its first field the focus then.
  useEffect(() => {
    document.querySelector<HTMLElement>("dialog[open] [data-autofocus]")?.focus();
  }, []);
  const form = useApiForm(loadSchema, {
    defaultValues: { title: "", category: undefined, description: "", address: "", city: "", state: "", startDate: null },
    fields,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = form.submit(async (request) => {
    const created = await projectsApi.request(request);
    await queryClient.invalidateQueries({ queryKey: [PROJECTS_PATH] });
    toast.success("Request sent.", { description: `${created.title} is waiting for the project office.` });
    onSent();
  });

  return (
    <ProjectForm form={form} onSubmit={onSubmit} pending={isSubmitting} submitLabel="Send request" pendingLabel="Sending...">
      <TitleField label="Project title" />
      <CategoryField unchosen />
      <TextField label="Desired start" type="date" optional error={errors.startDate?.message} {...register("startDate", emptyAsNull)} />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          hint="What you want built: size, rooms or floors, budget range, anything we should know."
          rows={5}
          error={errors.description?.message}
          {...register("description")}
        />
      </div>
      <SiteFields ownAddress />
    </ProjectForm>
  );
}
