import { type ReactNode, useId } from "react";

/** A titled part of a Money card below its list, where those who may act do it ('Raise a variation', 'Issue an invoice'…). */
export function ActionPart({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-neutral-light pt-4 dark:border-brand-700">
      <h3 id={headingId} className="text-lg font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}
