import type { FormEvent, ReactNode } from "react";
import { type FieldValues, FormProvider } from "react-hook-form";
import { FormAlert } from "../../components/form/form-fields";
import type { ApiForm } from "../../components/form/use-api-form";
import { SubmitButton } from "../../components/ui/SubmitButton";

type Props<Input extends FieldValues, Output> = {
  form: ApiForm<Input, Output>;
  onSubmit: (event?: FormEvent) => Promise<void>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
};

/** A project form in two columns (one on a phone): its fields (see ProjectFields), why it failed, and its button. */
export function ProjectForm<Input extends FieldValues, Output>({
  form,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: Props<Input, Output>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {children}
        <FormAlert className="sm:col-span-2" message={form.failure} />
        <div className="sm:col-span-2 sm:max-w-xs">
          <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
        </div>
      </form>
    </FormProvider>
  );
}
