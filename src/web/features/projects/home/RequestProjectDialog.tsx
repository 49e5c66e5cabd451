import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { projectRequestSchema } from "../../../../shared/projects";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from "../../auth/form-fields";
import { useApiForm } from "../../auth/use-api-form";
import { toast } from "../../toast/toast-store";
import { projectsApi } from "../api";
import { CategoryOptions } from "../CategoryOptions";
import { emptyAsNull } from "../form-values";

const fields = ["title", "category", "description", "address", "city", "state", "startDate"] as const;

function RequestProjectForm({ onSent }: { onSent: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(projectRequestSchema, {
    defaultValues: { title: "", category: undefined, description: "", address: "", city: "", state: "", startDate: null },
    fields,
  });

  const onSubmit = submit(async (request) => {
    const created = await projectsApi.request(request);
    await queryClient.invalidateQueries({ queryKey: ["/projects"] });
    toast.success("Request sent.", { description: `${created.title} is waiting for the project office.` });
    onSent();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Project title" data-autofocus error={errors.title?.message} {...register("title")} />
      </div>
      <SelectField label="Category" defaultValue="" error={errors.category?.message} {...register("category")}>
        <option value="" disabled>
          Choose a category
        </option>
        <CategoryOptions />
      </SelectField>
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
      <div className="sm:col-span-2">
        <TextField label="Site address" optional autoComplete="street-address" error={errors.address?.message} {...register("address")} />
      </div>
      <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register("city")} />
      <TextField label="State" optional autoComplete="address-level1" error={errors.state?.message} {...register("state")} />
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Send request" pendingLabel="Sending..." />
      </div>
    </form>
  );
}

/** "Request a new project": the client describes it; it starts as Requested until the project office takes it on. */
export function RequestProjectDialog({ label = "Request a new project" }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Request a new project"
        description="Our project office reviews your request and contacts you to agree the details."
        size="lg"
      >
        <RequestProjectForm onSent={() => setOpen(false)} />
      </ModalDialog>
    </>
  );
}
