import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { siteUpdateSchema } from "../../../../shared/projects";
import { zodResolver } from "../../../lib/form-resolver";
import { failureMessage, showFieldErrors } from "../../auth/form-errors";
import { FormAlert, SubmitButton, TextAreaField } from "../../auth/form-fields";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

/** A new site diary entry: what happened, with photos; the client and the team see it at once. */
export function PostUpdateForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(siteUpdateSchema), defaultValues: { body: "" } });

  const onSubmit = handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      await projectsApi.postUpdate(projectId, body, picked.photos);
      await refreshProjects(queryClient);
      reset();
      picked.clear();
      toast.success("Update posted.");
    } catch (error) {
      showFieldErrors(error, setError, ["body"]);
      setFailure(failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextAreaField label="What happened on site?" rows={4} error={errors.body?.message} {...register("body")} />
      <PhotoPicker picked={picked} disabled={isSubmitting} />
      <FormAlert message={failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Post update" pendingLabel="Posting..." />
      </div>
    </form>
  );
}
