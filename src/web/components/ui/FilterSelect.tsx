import type { ReactNode } from "react";
import { inputClass } from "../form/form-fields";

type Props = {
  label: string;
  /** The chosen option's value; none: everything is shown. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The first option's text, the one that shows everything. */
  allLabel?: string;
  children: ReactNode;
};

/** A list's filter: a labelled select whose first option leaves the list unfiltered. */
export function FilterSelect({ label, value, onChange, allLabel = "All", children }: Props) {
  return (
    <label className="font-medium">
      {label}
      <select className={inputClass} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {children}
      </select>
    </label>
  );
}
