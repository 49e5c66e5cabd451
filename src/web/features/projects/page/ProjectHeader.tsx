import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
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

/**
 * The top of the project page: its one h1, reference, status, progress, place, dates and people, and the actions allowed.
 * Below 768 px it is one line (the title, cut short with an ellipsis, and the status) with a button that shows the rest
 * and the whole title, so that the section links come right under it.
 */
export function ProjectHeader(props: { project: ProjectDetail; back: { to: string; label: string }; actions: ReactNode }) {
  const { project, back, actions } = props;
  const [detailsShown, setDetailsShown] = useState(false);
  const ids = { reference: useId(), actions: useId(), progress: useId(), facts: useId() };
  // Always shown from 768 px; below, only once the button has been pressed.
  const collapsible = detailsShown ? "" : "max-md:hidden";
  return (
    <div className="flex flex-col gap-3 md:gap-5">
      <p>
        <Link to={back.to} className={linkClass}>
          <span aria-hidden>← </span>
          {back.label}
        </Link>
      </p>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-2 md:flex-wrap md:gap-3">
            <h1
              className={`min-w-0 text-2xl font-bold md:text-3xl md:break-words ${detailsShown ? "break-words" : "truncate md:whitespace-normal"}`}
            >
              {project.title}
            </h1>
            <ProjectStatusBadge status={project.status} />
            <button
              type="button"
              aria-expanded={detailsShown}
              aria-controls={Object.values(ids).join(" ")}
              onClick={() => setDetailsShown((shown) => !shown)}
              className="ml-auto flex size-10 shrink-0 items-center justify-center rounded-full border border-neutral-light md:hidden dark:border-brand-700"
            >
              <ChevronDown aria-hidden className={`size-5 ${detailsShown ? "rotate-180" : ""}`} />
              <span className="sr-only">Project details</span>
            </button>
          </div>
          <p id={ids.reference} className={`mt-1 font-mono ${mutedTextClass} ${collapsible}`}>
            {project.reference}
          </p>
        </div>
        <div id={ids.actions} className={`flex flex-wrap gap-3 ${collapsible}`}>
          {actions}
        </div>
      </div>
      <div id={ids.progress} className={`max-w-xl ${collapsible}`}>
        <ProgressBar value={project.progress} label="Project progress" />
        <p className={`mt-1 text-sm ${mutedTextClass}`}>
          {project.progressMode === "milestones" ? "Progress follows the milestones done." : "Progress set by the project team."}
        </p>
      </div>
      <dl id={ids.facts} className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6 ${collapsible}`}>
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
