import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Controller, useFormContext, useFormState } from "react-hook-form";
import type { DirectoryEntry } from "../../../shared/staff-directory";
import { mutedTextClass, SelectField } from "../../components/form/form-fields";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { staffDirectoryQuery } from "../../lib/queries/staff-directory";
import { emptyAsNull } from "./form-values";

const staffName = (person: DirectoryEntry) => `${person.firstName} ${person.lastName}`;

/** Renders its children with the staff directory once loaded (with loading and error states meanwhile). */
export function WithStaff({ children }: { children: (staff: DirectoryEntry[]) => ReactNode }) {
  const directory = useQuery(staffDirectoryQuery);
  if (directory.isPending) return <LoadingMessage>Loading the staff directory...</LoadingMessage>;
  if (directory.isError) return <ErrorMessage error={directory.error} onRetry={() => void directory.refetch()} />;
  return children(directory.data.users);
}

/**
 * The project manager, one of the approved staff members and admins (with their department), for a
 * ProjectForm. `required`: a project in planning must have one; else it can be chosen later.
 */
export function ManagerField({
  staff,
  required = false,
  autoFocus = false,
}: {
  staff: DirectoryEntry[];
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { register } = useFormContext<{ managerId: string | null }>();
  const { errors } = useFormState<{ managerId: string | null }>();
  return (
    <div className="sm:col-span-2">
      <SelectField
        label="Project manager"
        optional={!required}
        data-autofocus={autoFocus || undefined}
        error={errors.managerId?.message}
        {...register("managerId", required ? undefined : emptyAsNull)}
      >
        <option value="">{required ? "Choose a project manager" : "No manager yet"}</option>
        {staff.map((person) => (
          <option key={person.id} value={person.id}>
            {staffName(person)} ({person.department})
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The project team, for a ProjectForm. */
export function TeamField({ staff }: { staff: DirectoryEntry[] }) {
  return (
    <div className="sm:col-span-2">
      <Controller<{ teamIds: string[] }, "teamIds">
        name="teamIds"
        render={({ field, fieldState }) => (
          <TeamPicker staff={staff} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </div>
  );
}

/** The team: a checkbox per staff member, the ones chosen ticked. */
function TeamPicker(props: { staff: DirectoryEntry[]; value: readonly string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { staff, value, onChange, error } = props;
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((chosen) => chosen !== id));
  return (
    <fieldset>
      <legend className="font-medium">
        Team <span className={`font-normal ${mutedTextClass}`}>(optional)</span>
      </legend>
      {staff.length === 0 ? (
        <p className={`text-sm ${mutedTextClass}`}>No approved staff member yet.</p>
      ) : (
        <ul className="mt-1 grid max-h-60 gap-1 overflow-y-auto rounded-md border border-brand-700/60 p-2 sm:grid-cols-2 dark:border-neutral-mid">
          {staff.map((person) => (
            <li key={person.id}>
              <label className="flex min-h-10 items-center gap-2 rounded px-2 hover:bg-neutral-light/40 dark:hover:bg-brand-700">
                <input
                  type="checkbox"
                  className="size-4 accent-accent-700"
                  checked={value.includes(person.id)}
                  onChange={(event) => toggle(person.id, event.target.checked)}
                />
                <span className="min-w-0">
                  {staffName(person)} <span className={`text-sm ${mutedTextClass}`}>({person.department})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </fieldset>
  );
}
