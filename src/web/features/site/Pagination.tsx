import { Link } from "react-router";

/** Page links as real URLs (?page=N) that crawlers can follow. */
export function Pagination({
  basePath,
  page,
  pageCount,
  query = {},
}: {
  basePath: string;
  page: number;
  pageCount: number;
  query?: Record<string, string | undefined>;
}) {
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
    if (target > 1) search.set("page", String(target));
    const text = search.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link rel="prev" to={hrefFor(page - 1)} className="min-h-10 rounded-md border border-neutral-light px-4 py-2 dark:border-brand-700">
          Previous
        </Link>
      ) : null}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((target) => (
        <Link
          key={target}
          to={hrefFor(target)}
          aria-current={target === page ? "page" : undefined}
          aria-label={`Page ${target}`}
          className="flex min-h-10 min-w-10 items-center justify-center rounded-md border border-neutral-light px-3 aria-[current=page]:bg-brand-900 aria-[current=page]:text-white dark:border-brand-700 dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-brand-900"
        >
          {target}
        </Link>
      ))}
      {page < pageCount ? (
        <Link rel="next" to={hrefFor(page + 1)} className="min-h-10 rounded-md border border-neutral-light px-4 py-2 dark:border-brand-700">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
