import type { ReactNode } from "react";
import { calendarDayText } from "../../../shared/calendar";
import { PageIntro } from "./PageIntro";

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * A long public text (the privacy notice, the terms): its heading band with the day it last changed, a list of its
 * sections to jump to, then the sections.
 */
export function LegalDocument(props: { title: string; updatedOn: string; intro: ReactNode; sections: LegalSection[] }) {
  const { title, updatedOn, intro, sections } = props;
  return (
    <>
      <PageIntro eyebrow="Legal" title={title}>
        {intro}
        <p className="mt-3 text-base">
          Last updated <time dateTime={updatedOn}>{calendarDayText(updatedOn)}</time>
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[16rem_1fr] lg:py-16">
        <nav aria-labelledby="contents-heading" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <h2 id="contents-heading" className="text-lg font-semibold">
            On this page
          </h2>
          <ol className="mt-3 flex flex-col gap-1">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-block py-1 underline-offset-2 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose-content min-w-0 max-w-3xl break-words [&>section:first-child>h2]:mt-0">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
