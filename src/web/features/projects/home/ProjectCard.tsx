import { CalendarClock, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { ProjectListItem } from "../../../../shared/projects";
import { formatDate } from "../../../lib/format";
import { ProgressBar } from "../ProgressBar";
import { ProjectCover } from "../ProjectCover";
import { ProjectStatusBadge } from "../ProjectStatusBadge";
import { placeOf, projectPagePath } from "../project-labels";

const cardClass =
  "flex flex-col gap-3 overflow-hidden rounded-xl border border-neutral-light bg-white dark:border-brand-700 dark:bg-brand-900";

/**
 * One project on the dashboard: cover, title and reference (a link to its page), status, progress, next milestone, place.
 * `firstSeen`: among the first cards, on screen as the page opens.
 */
export function ProjectCard({ project, firstSeen = false }: { project: ProjectListItem; firstSeen?: boolean }) {
  return (
    <article className={cardClass}>
      <ProjectCover src={project.coverImage} className="aspect-video w-full" firstSeen={firstSeen} />
      <div className="flex flex-1 flex-col gap-3 px-5 pb-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-lg font-bold break-words">
              <Link to={projectPagePath(project.id)} className="underline-offset-2 hover:underline">
                {project.title}
              </Link>
            </h3>
            <p className="font-mono text-sm text-brand-700 dark:text-neutral-light">{project.reference}</p>
          </div>
          <ProjectStatusBadge status={project.status} />
        </div>
        <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex items-start gap-2">
            <dt>
              <CalendarClock aria-hidden className="size-4 translate-y-0.5" />
              <span className="sr-only">Next milestone</span>
            </dt>
            <dd>
              {project.nextMilestone
                ? `${project.nextMilestone.title}${project.nextMilestone.dueDate ? `, due ${formatDate(project.nextMilestone.dueDate)}` : ""}`
                : "No milestone ahead"}
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <MapPin aria-hidden className="size-4 translate-y-0.5" />
              <span className="sr-only">Location</span>
            </dt>
            <dd>{placeOf(project)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

/** A card's shape while the projects load, so that what follows keeps its place when they arrive. */
export function ProjectCardPlaceholder() {
  const bar = "rounded bg-neutral-light/70 dark:bg-brand-700";
  return (
    <div aria-hidden className={cardClass}>
      <div className="aspect-video w-full bg-neutral-light/50 dark:bg-brand-700" />
      <div className="flex flex-col gap-3 px-5 pb-5">
        <div className="flex flex-col gap-2 py-1">
          <div className={`h-5 w-3/4 ${bar}`} />
          <div className={`h-4 w-1/3 ${bar}`} />
        </div>
        <div className={`h-5 ${bar}`} />
        <div className="flex flex-col gap-2 py-0.5">
          <div className={`h-4 w-2/3 ${bar}`} />
          <div className={`h-4 w-1/2 ${bar}`} />
        </div>
      </div>
    </div>
  );
}
