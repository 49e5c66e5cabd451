import { mutedTextClass } from "../form/form-fields";

export type Column = { label: string; className?: string };

/** A table's column headings, in the muted style of the portal's tables. */
export function TableHead({ columns, className = "" }: { columns: readonly Column[]; className?: string }) {
  return (
    <thead className={`border-b border-neutral-light text-sm dark:border-brand-700 ${mutedTextClass} ${className}`}>
      <tr>
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={`py-2 font-medium ${index < columns.length - 1 ? "pr-3" : ""} ${column.className ?? ""}`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
