import { CalendarClock, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { ProjectListItem } from "../../../../shared/projects";
import { formatDate } from "../../../lib/format";
import { ProgressBar } from "../ProgressBar";
import { ProjectCover } from "../ProjectCover";
import { ProjectStatusBadge } from "../ProjectStatusBadge";
import { placeOf, projectPagePath } from "../project-labels";

/** One project on the dashboard: cover, title and reference (a link to its page), status, progress, next milestone, place. */
export function ProjectCard({ project }: { project: ProjectListItem }) {
  return (
    <article className="flex flex-col gap-3 overflow-hidden rounded-xl border border-neutral-light bg-white dark:border-brand-700 dark:bg-brand-900">
      <ProjectCover src={project.coverImage} className="aspect-video w-full" />
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
