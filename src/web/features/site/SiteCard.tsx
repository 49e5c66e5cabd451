import type { ReactNode } from "react";

/** A card of the public site's lists: an image on top (when there is one), then its text. */
export function SiteCard({
  image,
  bodyClassName = "gap-2 p-5",
  children,
}: {
  image?: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-neutral-light bg-white dark:border-brand-700 dark:bg-brand-900">
      {image}
      <div className={`flex flex-1 flex-col ${bodyClassName}`}>{children}</div>
    </article>
  );
}
