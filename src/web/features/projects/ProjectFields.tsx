import { useFormContext, useFormState } from "react-hook-form";
import { type ProjectCategory, type ProjectStatus, projectStatuses, projectStatusLabels } from "../../../shared/project-terms";
import { SelectField, TextField } from "../../components/form/form-fields";
import { CategoryOptions } from "./CategoryOptions";
import { emptyAsNull } from "./form-values";

/*
 * The fields the project forms share (new project, request, details, conversion), for a ProjectForm:
 * each reads its form from the context and spans the form's two columns as the forms lay them out.
 */

/** The project's name, across both columns; the dialog focuses it when it opens. */
export function TitleField({ label = "Title" }: { label?: string }) {
  const { register } = useFormContext<{ title: string }>();
  const { errors } = useFormState<{ title: string }>();
  return (
    <div className="sm:col-span-2">
      <TextField label={label} data-autofocus error={errors.title?.message} {...register("title")} />
    </div>
  );
}

/** The line of business; a new project starts with none chosen. */
export function CategoryField({ unchosen = false }: { unchosen?: boolean }) {
  const { register } = useFormContext<{ category: ProjectCategory }>();
  const { errors } = useFormState<{ category: ProjectCategory }>();
  return (
    <SelectField label="Category" defaultValue={unchosen ? "" : undefined} error={errors.category?.message} {...register("category")}>
      {unchosen ? (
        <option value="" disabled>
          Choose a category
        </option>
      ) : null}
      <CategoryOptions />
    </SelectField>
  );
}

/** The project's status; locked while a client's request waits for the project office, which turns it into a project. */
export function StatusField({ locked = false }: { locked?: boolean }) {
  const { register } = useFormContext<{ status: ProjectStatus }>();
  const { errors } = useFormState<{ status: ProjectStatus }>();
  return (
    <SelectField
      label="Status"
      disabled={locked}
      hint={locked ? "The project office turns a request into a project." : undefined}
      error={errors.status?.message}
      {...register("status")}
    >
      {projectStatuses.map((status) => (
        <option key={status} value={status}>
          {projectStatusLabels[status]}
        </option>
      ))}
    </SelectField>
  );
}

type SiteValues = { address: string; city: string; state: string; country: string };

/**
 * Where the site is. `ownAddress`: a client describing their own site, which the browser may fill in;
 * the office also sets the country.
 */
export function SiteFields({ ownAddress = false }: { ownAddress?: boolean }) {
  const { register } = useFormContext<SiteValues>();
  const { errors } = useFormState<SiteValues>();
  return (
    <>
      <div className="sm:col-span-2">
        <TextField
          label="Site address"
          optional
          autoComplete={ownAddress ? "street-address" : undefined}
          error={errors.address?.message}
          {...register("address")}
        />
      </div>
      <TextField label="City" autoComplete={ownAddress ? "address-level2" : undefined} error={errors.city?.message} {...register("city")} />
      <TextField
        label="State"
        optional
        autoComplete={ownAddress ? "address-level1" : undefined}
        error={errors.state?.message}
        {...register("state")}
      />
      {ownAddress ? null : <TextField label="Country" error={errors.country?.message} {...register("country")} />}
    </>
  );
}

type ScheduleValues = { startDate: string | null; targetCompletion: string | null };

/** When the work starts and should be finished; both can be set later. */
export function ScheduleFields() {
  const { register } = useFormContext<ScheduleValues>();
  const { errors } = useFormState<ScheduleValues>();
  return (
    <>
      <TextField label="Start" type="date" optional error={errors.startDate?.message} {...register("startDate", emptyAsNull)} />
      <TextField
        label="Target completion"
        type="date"
        optional
        error={errors.targetCompletion?.message}
        {...register("targetCompletion", emptyAsNull)}
      />
    </>
  );
}

/** The budget, typed in naira (see nairaInput). */
export function BudgetField() {
  const { register } = useFormContext<{ budget: string }>();
  const { errors } = useFormState<{ budget: string }>();
  return <TextField label="Budget (₦)" inputMode="decimal" optional error={errors.budget?.message} {...register("budget")} />;
}
