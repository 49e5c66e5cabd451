import type { ReactNode } from "react";
import { ButtonLink } from "../../components/ui/Button";

/** A public list with nothing to show, and (in a category) the way back to the whole list. */
export function EmptyListing({ title, back, children }: { title: string; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="mt-10 flex flex-col items-start gap-4 rounded-xl border border-neutral-light p-8 dark:border-brand-700">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="text-brand-700 dark:text-neutral-light">{children}</p>
      {back ? (
        <ButtonLink to={back.to} variant="secondary">
          {back.label}
        </ButtonLink>
      ) : null}
    </div>
  );
}
