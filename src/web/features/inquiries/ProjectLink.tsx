import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { InquiryItem } from "../../../shared/inquiries";
import { projectStatusLabels } from "../../../shared/project-terms";
import { FormAlert, linkClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { projectSearchQuery } from "./api";
import { updateFailure, useInquiryUpdate } from "./use-inquiry-update";

function ProjectResults({ search, onPick, disabled }: { search: string; onPick: (projectId: number) => void; disabled: boolean }) {
  const results = useQuery(projectSearchQuery(search));
  if (results.isPending) return <LoadingMessage>Looking for projects...</LoadingMessage>;
  if (results.isError) return <ErrorMessage error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.items.length === 0) return <EmptyMessage title={`No project matches "${search}".`} />;
  return (
    <ul aria-label="Projects found" className="divide-y divide-neutral-light dark:divide-brand-700">
      {results.data.items.map((project) => (
        <li key={project.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
          <span className="min-w-0">
            <span className="font-mono text-sm">{project.reference}</span> <span className="font-semibold">{project.title}</span>
            <span className="block text-sm">
              {projectStatusLabels[project.status]} · {project.city}
            </span>
          </span>
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={() => onPick(project.id)}
            aria-label={`Link ${project.reference} ${project.title}`}
          >
            Link
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The project this inquiry became (a converted lead): linked by searching the projects, or unlinked. */
export function ProjectLink({ inquiry }: { inquiry: InquiryItem }) {
  const [search, setSearch] = useState("");
  const save = useInquiryUpdate(inquiry.id);
  const failure = <FormAlert message={save.isError ? updateFailure(save.error, "projectId") : null} />;

  if (inquiry.project) {
    return (
      <div className="flex flex-col gap-3">
        <p>
          Became{" "}
          <Link to={`/dashboard/projects/${inquiry.project.id}`} className={linkClass}>
            {inquiry.project.reference} {inquiry.project.title}
          </Link>
        </p>
        {failure}
        <div>
          <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate({ projectId: null })}>
            Unlink the project
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <SearchForm label="Find the project it became" initial="" onSearch={setSearch} />
      {search ? <ProjectResults search={search} disabled={save.isPending} onPick={(projectId) => save.mutate({ projectId })} /> : null}
      {failure}
    </div>
  );
}
