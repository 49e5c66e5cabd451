import { type ProjectStatus, projectStatusLabels } from "../../../shared/project-terms";

const tones: Record<ProjectStatus, string> = {
  requested: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  planning: "border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-100",
  in_progress: "border-accent-700 bg-white text-accent-700 dark:border-accent-500 dark:bg-brand-900 dark:text-neutral-light",
  on_hold: "border-brand-700 bg-neutral-light/40 text-brand-900 dark:border-neutral-mid dark:bg-brand-700 dark:text-white",
  completed: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
  cancelled: "border-red-700 bg-red-50 text-red-800 dark:border-red-300 dark:bg-red-950 dark:text-red-100",
};

/** The project's status as a label (the words carry it; the colour only helps). */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${tones[status]}`}>
      {projectStatusLabels[status]}
    </span>
  );
}
