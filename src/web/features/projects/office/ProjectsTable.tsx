import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { projectStatuses, projectStatusLabels } from "../../../../shared/project-terms";
import type { ProjectListItem } from "../../../../shared/projects";
import { inputClass, mutedTextClass } from "../../../components/form/form-fields";
import { FilterSelect } from "../../../components/ui/FilterSelect";
import { Pager } from "../../../components/ui/Pager";
import { RelativeTime } from "../../../components/ui/RelativeTime";
import { ResultCount } from "../../../components/ui/ResultCount";
import { SearchForm } from "../../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { formatDate } from "../../../lib/format";
import { projectsListQuery } from "../../../lib/queries/projects";
import { useSearchFilters } from "../../../lib/use-search-filters";
import { CategoryOptions } from "../CategoryOptions";
import { ProgressBar } from "../ProgressBar";
import { ProjectStatusBadge } from "../ProjectStatusBadge";
import { categoryLabel, placeOf, projectPagePath } from "../project-labels";
import { listParamsOf, sortLabels } from "./list-params";

function ProjectLink({ project }: { project: ProjectListItem }) {
  return (
    <>
      <Link to={projectPagePath(project.id)} className="font-semibold break-words underline-offset-2 hover:underline">
        {project.title}
      </Link>
      <span className={`block font-mono text-sm ${mutedTextClass}`}>{project.reference}</span>
    </>
  );
}

const target = (project: ProjectListItem) => (project.targetCompletion ? formatDate(project.targetCompletion) : "Not set");

const columns = [
  { label: "Project" },
  { label: "Client" },
  { label: "Manager" },
  { label: "Status" },
  { label: "Progress", className: "w-40" },
  { label: "Target" },
];

/** Wide screens: a table. */
function Table({ items }: { items: ProjectListItem[] }) {
  return (
    <table className="hidden w-full text-left md:table">
      <caption className="sr-only">Projects</caption>
      <TableHead columns={columns} />
      <tbody className="divide-y divide-neutral-light dark:divide-brand-700">
        {items.map((project) => (
          <tr key={project.id} className="align-top">
            <td className="py-3 pr-3">
              <ProjectLink project={project} />
              <span className={`block text-sm ${mutedTextClass}`}>
                {categoryLabel(project.category)} · {placeOf(project)}
              </span>
            </td>
            <td className="py-3 pr-3">{project.client?.name ?? "—"}</td>
            <td className="py-3 pr-3">{project.manager?.name ?? "Not assigned"}</td>
            <td className="py-3 pr-3">
              <ProjectStatusBadge status={project.status} />
            </td>
            <td className="py-3 pr-3">
              <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
            </td>
            <td className="py-3">{target(project)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Small screens: the same rows as stacked cards. */
function StackedList({ items }: { items: ProjectListItem[] }) {
  return (
    <ul className="divide-y divide-neutral-light md:hidden dark:divide-brand-700">
      {items.map((project) => (
        <li key={project.id} className="flex flex-col gap-2 py-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <ProjectLink project={project} />
            </div>
            <ProjectStatusBadge status={project.status} />
          </div>
          <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
          <p className="text-sm">
            Client: {project.client?.name ?? "—"} · Manager: {project.manager?.name ?? "Not assigned"}
          </p>
          <p className={`text-sm ${mutedTextClass}`}>
            Target {target(project)} · updated <RelativeTime iso={project.updatedAt} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Every project, searchable, filtered by status and category, sorted and paged; all of it in the address. */
export function ProjectsTable() {
  const { params, update } = useSearchFilters();
  const query = listParamsOf(params);
  const projects = useQuery({ ...projectsListQuery(query), placeholderData: keepPreviousData });
  const page = query.page ?? 1;
  const pageCount = projects.data?.pageCount ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto_auto] md:items-end">
        <SearchForm
          label="Search title, reference or city"
          initial={query.search ?? ""}
          onSearch={(text) => update({ search: text || undefined })}
        />
        <FilterSelect label="Status" value={query.status} onChange={(status) => update({ status })}>
          {projectStatuses.map((status) => (
            <option key={status} value={status}>
              {projectStatusLabels[status]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Category" value={query.category} onChange={(category) => update({ category })}>
          <CategoryOptions />
        </FilterSelect>
        <label className="font-medium">
          Sort by
          <select className={inputClass} value={query.sort} onChange={(event) => update({ sort: event.target.value })}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {projects.isPending ? <LoadingMessage>Loading projects...</LoadingMessage> : null}
      {projects.isError ? <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} /> : null}
      {projects.data && projects.data.items.length === 0 ? (
        <EmptyMessage title="No project matches these filters.">Clear the search or choose another status.</EmptyMessage>
      ) : null}
      {projects.data && projects.data.items.length > 0 ? (
        <>
          <ResultCount count={projects.data.total} one="project" many="projects" />
          <div aria-busy={projects.isFetching}>
            <Table items={projects.data.items} />
            <StackedList items={projects.data.items} />
          </div>
          <Pager label="Pages of projects" page={page} pageCount={pageCount} onPage={(next) => update({ page: String(next) })} />
        </>
      ) : null}
    </div>
  );
}
