import type { ReactNode } from "react";

/** The top of a portal screen: its one h1, a line saying what it is for, and its main actions. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold">{title}</h1>
        {description ? <p className="mt-1 text-brand-700 dark:text-neutral-light">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

/** The width and spacing every portal screen shares. */
export function PortalPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">{children}</div>;
}
