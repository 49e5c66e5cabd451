import { useQueryClient } from "@tanstack/react-query";
import { siteUpdateSchema, WORKERS_ON_SITE_MAX } from "../../../../shared/projects";
import { FormAlert, SelectField, TextAreaField, TextField } from "../../../components/form/form-fields";
import { useApiForm } from "../../../components/form/use-api-form";
import { WeatherOptions } from "../../../components/form/WeatherOptions";
import { SubmitButton } from "../../../components/ui/SubmitButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

const emptyEntry = { body: "", weather: "", workersOnSite: "", equipment: "", delays: "" } as const;

/**
 * A new site diary entry: what happened, the day's weather, workers, equipment and delays (each optional), with
 * photos; the client and the team see it at once.
 */
export function PostUpdateForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const form = useApiForm(siteUpdateSchema, {
    defaultValues: emptyEntry,
    fields: ["body", "weather", "workersOnSite", "equipment", "delays"],
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.submit(async (entry) => {
    // The structured fields go as the form's text: the server reads them as it reads an older client's (unsaid: empty).
    const fields = Object.fromEntries(Object.entries(entry).map(([name, value]) => [name, value === null ? "" : String(value)]));
    await projectsApi.postUpdate(projectId, fields, picked.photos);
    await refreshProjects(queryClient);
    form.reset();
    picked.clear();
    toast.success("Update posted.");
  });

  // Optional fields: their labels are the diary's own words, so the controls say they are not required.
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextAreaField label="What happened today" rows={4} {...form.field("body")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Weather" aria-required={false} {...form.field("weather")}>
          <WeatherOptions />
        </SelectField>
        <TextField
          label="Workers on site"
          type="number"
          inputMode="numeric"
          min={0}
          max={WORKERS_ON_SITE_MAX}
          step={1}
          aria-required={false}
          {...form.field("workersOnSite")}
        />
        <TextField label="Equipment" aria-required={false} maxLength={1000} {...form.field("equipment")} />
        <TextField label="Delays" aria-required={false} maxLength={1000} {...form.field("delays")} />
      </div>
      <PhotoPicker picked={picked} disabled={isSubmitting} />
      <FormAlert message={form.failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Post update" pendingLabel="Posting..." />
      </div>
    </form>
  );
}
