import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { projectStatusLabels } from "../../../shared/project-terms";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { Pager } from "../../components/ui/Pager";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { formatDate } from "../../lib/format";
import { activeProjectsQuery } from "./api";

/** Planned, running and paused projects with their progress, each opening its project page. */
export function ActiveProjectsList() {
  const [page, setPage] = useState(1);
  const projects = useQuery({ ...activeProjectsQuery(page), placeholderData: keepPreviousData });
  if (projects.isPending) return <LoadingMessage>Loading active projects...</LoadingMessage>;
  if (projects.isError) return <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />;
  if (projects.data.items.length === 0) return <EmptyMessage title="No project is active right now." />;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Active projects" aria-busy={projects.isFetching} className="divide-y divide-neutral-light dark:divide-brand-700">
        {projects.data.items.map((project) => (
          <li key={project.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-6">
            <div className="min-w-0">
              <Link to={`/dashboard/projects/${project.id}`} className={linkClass}>
                {project.title}
              </Link>
              <p className={`text-sm ${mutedTextClass}`}>
                <span className="font-mono">{project.reference}</span> · {projectStatusLabels[project.status]} · {project.city}
                {project.targetCompletion ? ` · target ${formatDate(project.targetCompletion)}` : ""}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <progress
                value={project.progress}
                max={100}
                aria-label={`Progress of ${project.title}`}
                className="h-2 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-neutral-light [&::-webkit-progress-value]:bg-accent-700 dark:[&::-webkit-progress-bar]:bg-brand-700 dark:[&::-webkit-progress-value]:bg-accent-500"
              />
              <span className="w-12 text-right tabular-nums">{project.progress}%</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager label="Pages of active projects" page={page} pageCount={projects.data.pageCount} onPage={setPage} />
    </div>
  );
}
