import { MapPin } from "lucide-react";
import { Link } from "react-router";
import type { PortfolioProject } from "../../../shared/content";
import { formatMonth } from "../../lib/format";
import { CoverImage } from "./CoverImage";
import { SiteCard } from "./SiteCard";

export function ProjectCard({
  project,
  headingLevel = 3,
  priority = false,
}: {
  project: PortfolioProject;
  headingLevel?: 2 | 3;
  /** The first card of a list: its image is the screen's largest and is fetched first (CoverImage). */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const place = [project.city, project.state, project.country].filter(Boolean).join(", ");
  return (
    <SiteCard image={project.coverImage ? <CoverImage src={project.coverImage} priority={priority} /> : null}>
      <p className="text-sm font-semibold uppercase tracking-wide text-accent-700 dark:text-accent-500">
        {project.status === "completed" && project.completedOn
          ? `Completed ${formatMonth(project.completedOn)}`
          : `In progress · ${project.progress}%`}
      </p>
      <Heading className="text-xl font-semibold">
        <Link to={`/projects/${project.slug}`} className="hover:underline">
          {project.title}
        </Link>
      </Heading>
      <p className="flex items-center gap-1 text-sm text-brand-700 dark:text-neutral-light">
        <MapPin aria-hidden className="size-4" /> {place}
      </p>
      <p className="text-brand-700 dark:text-neutral-light">{project.publicSummary}</p>
      {project.highlights.length > 0 ? (
        <ul className="mt-auto flex flex-wrap gap-2 pt-2">
          {project.highlights.map((highlight) => (
            <li key={highlight} className="rounded-full bg-neutral-light/40 px-3 py-1 text-xs dark:bg-brand-700">
              {highlight}
            </li>
          ))}
        </ul>
      ) : null}
    </SiteCard>
  );
}
