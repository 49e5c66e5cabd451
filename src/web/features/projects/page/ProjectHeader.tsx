import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ProjectDetail } from "../../../../shared/projects";
import { linkClass, mutedTextClass } from "../../../components/form/form-fields";
import { formatDate } from "../../../lib/format";
import { ProgressBar } from "../ProgressBar";
import { ProjectStatusBadge } from "../ProjectStatusBadge";
import { placeOf } from "../project-labels";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={`text-sm ${mutedTextClass}`}>{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

const dateOrDash = (date: string | null) => (date ? formatDate(date) : "Not set");

/** The top of the project page: its one h1, reference, status, progress, place, dates and people, and the actions allowed. */
export function ProjectHeader(props: { project: ProjectDetail; back: { to: string; label: string }; actions: ReactNode }) {
  const { project, back, actions } = props;
  return (
    <div className="flex flex-col gap-5">
      <p>
        <Link to={back.to} className={linkClass}>
          <span aria-hidden>← </span>
          {back.label}
        </Link>
      </p>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold break-words">{project.title}</h1>
            <ProjectStatusBadge status={project.status} />
          </div>
          <p className={`mt-1 font-mono ${mutedTextClass}`}>{project.reference}</p>
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </div>
      <div className="max-w-xl">
        <ProgressBar value={project.progress} label="Project progress" />
        <p className={`mt-1 text-sm ${mutedTextClass}`}>
          {project.progressMode === "milestones" ? "Progress follows the milestones done." : "Progress set by the project team."}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Location">{placeOf(project)}</Fact>
        <Fact label="Start">{dateOrDash(project.startDate)}</Fact>
        <Fact label="Target completion">{dateOrDash(project.targetCompletion)}</Fact>
        {project.completedOn ? <Fact label="Completed">{formatDate(project.completedOn)}</Fact> : null}
        <Fact label="Client">{project.client?.name ?? "Not assigned"}</Fact>
        <Fact label="Project manager">{project.manager?.name ?? "Not assigned"}</Fact>
      </dl>
    </div>
  );
}
