import { useQueryClient } from "@tanstack/react-query";
import { siteUpdateSchema } from "../../../../shared/projects";
import { FormAlert, TextAreaField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { SubmitButton } from "../../../components/ui/SubmitButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

/** A new site diary entry: what happened, with photos; the client and the team see it at once. */
export function PostUpdateForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const form = useApiForm(siteUpdateSchema, { defaultValues: { body: "" }, fields: ["body"] });
  const { isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ body }) => {
    await projectsApi.postUpdate(projectId, body, picked.photos);
    await refreshProjects(queryClient);
    form.reset();
    picked.clear();
    toast.success("Update posted.");
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextAreaField label="What happened on site?" rows={4} {...form.field("body")} />
      <PhotoPicker picked={picked} disabled={isSubmitting} />
      <FormAlert message={form.failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Post update" pendingLabel="Posting..." />
      </div>
    </form>
  );
}
