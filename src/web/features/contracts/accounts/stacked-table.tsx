import type { ReactNode } from "react";
import { mutedTextClass } from "../../../components/form/form-fields";

/**
 * The Accounts dashboard's tables: a table from 1024 px, and below it each row a stack of labelled figures (phones,
 * narrow windows), the label then shown instead of the column heading.
 */
export const stackedRowClass = "grid grid-cols-2 gap-x-4 gap-y-2 py-3 lg:table-row lg:py-0";
export const stackedBodyClass = "divide-y divide-neutral-light dark:divide-brand-700";
export const stackedHeadClass = "hidden lg:table-header-group";
export const stackedFootClass = "border-t-2 border-brand-900 font-semibold dark:border-neutral-light";

/** The row's heading: what the row is about, across the stack's width. */
export function RowHeading({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="col-span-2 text-left font-normal lg:py-3 lg:pr-3 lg:align-top">
      {children}
    </th>
  );
}

/** A cell of the row, with its label where the column heading is not shown: an amount (right-aligned), or words. */
export function Cell({ label, amount = false, children }: { label: string; amount?: boolean; children: ReactNode }) {
  return (
    <td className={`lg:py-3 lg:pr-3 lg:align-top lg:last:pr-0 ${amount ? "tabular-nums lg:text-right" : "col-span-2"}`}>
      <span className={`block text-sm lg:sr-only ${mutedTextClass}`}>{label}</span>
      {children}
    </td>
  );
}
