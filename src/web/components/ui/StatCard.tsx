import type { ReactNode } from "react";
import { cardClass } from "./SectionCard";

/** One figure of a dashboard, counted from the database: what it is, the number, and a line of context. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className={cardClass}>
      <dt className="text-sm font-medium text-brand-700 dark:text-neutral-light">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-brand-700 dark:text-neutral-light">{hint}</dd> : null}
    </div>
  );
}

/** A row of stat cards, as a description list. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </dl>
  );
}
