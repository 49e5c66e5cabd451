import type { ReactNode } from "react";

/** A list item of a public page told in words alone (a value, a line of business): a bordered card, its title and its text. */
export function TextCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <li className="rounded-xl border border-neutral-light p-6 dark:border-brand-700">
      <h3 className="text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-brand-700 dark:text-neutral-light">{text}</p>
      {children}
    </li>
  );
}
