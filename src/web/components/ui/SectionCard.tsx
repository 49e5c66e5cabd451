import type { ReactNode } from "react";

export const cardClass = "rounded-xl border border-neutral-light bg-white p-5 sm:p-6 dark:border-brand-700 dark:bg-brand-900";

/** A titled card of a portal screen; its heading labels the section for assistive technology. */
export function SectionCard(props: { id: string; title: string; description?: ReactNode; className?: string; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section id={props.id} aria-labelledby={headingId} className={`${cardClass} scroll-mt-24 ${props.className ?? ""}`}>
      <h2 id={headingId} className="text-xl font-bold">
        {props.title}
      </h2>
      {props.description ? <p className="mt-1 text-brand-700 dark:text-neutral-light">{props.description}</p> : null}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}
