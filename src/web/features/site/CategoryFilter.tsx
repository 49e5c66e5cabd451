import { Link } from "react-router";

/** Category choices as links (crawlable URLs), the current one marked. */
export function CategoryFilter({ label, options }: { label: string; options: { name: string; to: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.to}>
            <Link
              to={option.to}
              aria-current={option.current ? "page" : undefined}
              className="inline-flex min-h-10 items-center rounded-full border border-neutral-light px-4 font-medium hover:border-accent-500 aria-[current=page]:border-brand-900 aria-[current=page]:bg-brand-900 aria-[current=page]:text-white dark:border-brand-700 dark:aria-[current=page]:border-white dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-brand-900"
            >
              {option.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
