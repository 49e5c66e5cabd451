import type { ReactNode } from "react";

type Props = {
  /** Names the heading `{name}-heading`, which labels the section for assistive technology. */
  name: string;
  title: ReactNode;
  /** On the light band that sets sections apart, full width. */
  tinted?: boolean;
  /** A link beside the heading ("All projects"). */
  action?: ReactNode;
  children: ReactNode;
};

/** A titled section of a public page, on the page's width, plain or tinted. */
export function SiteSection({ name, title, tinted = false, action, children }: Props) {
  const heading = (
    <h2 id={`${name}-heading`} className="text-3xl font-bold">
      {title}
    </h2>
  );
  const content = (
    <>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </>
  );
  return tinted ? (
    <section aria-labelledby={`${name}-heading`} className="bg-neutral-light/30 dark:bg-brand-700/40">
      <div className="mx-auto max-w-6xl px-4 py-16">{content}</div>
    </section>
  ) : (
    <section aria-labelledby={`${name}-heading`} className="mx-auto max-w-6xl px-4 py-16">
      {content}
    </section>
  );
}
