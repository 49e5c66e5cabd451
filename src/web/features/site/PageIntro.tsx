import type { ReactNode } from "react";

/** The heading band at the top of an inner public page. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        {eyebrow ? <p className="font-semibold uppercase tracking-wide text-accent-500">{eyebrow}</p> : null}
        <h1 className="mt-2 text-4xl font-bold md:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-neutral-light">{children}</div> : null}
      </div>
    </section>
  );
}
