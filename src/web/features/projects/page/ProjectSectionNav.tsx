import { Link } from "react-router";
import type { ProjectDetail } from "../../../../shared/projects";
import { type ProjectSection, sectionsFor } from "./project-sections";

const linkClass = (current: boolean) =>
  `flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 font-medium ${
    current ? "bg-brand-900 text-white dark:bg-white dark:text-brand-900" : "hover:bg-neutral-light/40 dark:hover:bg-brand-700"
  }`;

/**
 * Links to the project page's sections; the current one is marked for assistive technology. They wrap onto a second
 * row on a narrow screen rather than scroll out of sight.
 */
export function ProjectSectionNav({ project, current }: { project: ProjectDetail; current: ProjectSection }) {
  return (
    <nav aria-label="Project sections" className="border-b border-neutral-light pb-2 dark:border-brand-700">
      <ul className="flex flex-wrap gap-1">
        {sectionsFor(project).map((section) => {
          const count = section.count?.(project);
          return (
            <li key={section.id}>
              <Link
                to={{ search: `?section=${section.id}` }}
                replace
                aria-current={section === current ? "page" : undefined}
                className={linkClass(section === current)}
              >
                {section.label}
                {count ? <span className="text-sm tabular-nums opacity-80">({count})</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
