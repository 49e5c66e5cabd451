import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { projectStatuses, projectStatusLabels } from "../../../../shared/project-terms";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { formatNaira, formatPercent } from "../../../lib/format";
import { projectStatsQuery } from "../../../lib/queries/projects";
import { withChanges } from "../../../lib/use-search-filters";

/** The office's figures: projects by status (each a filter of the list below), the active work and its value. */
export function PipelineByStatus() {
  const stats = useQuery(projectStatsQuery);
  const [params] = useSearchParams();
  if (stats.isPending) return <LoadingMessage>Loading the pipeline...</LoadingMessage>;
  if (stats.isError) return <ErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />;
  const { byStatus, total, active, completionRate, pipelineValueKobo } = stats.data;
  const current = params.get("status");
  return (
    <div className="flex flex-col gap-4">
      <StatGrid label="Projects at a glance">
        <StatCard label="All projects" value={total} />
        <StatCard label="Active" value={active} hint="Planning, in progress or on hold" />
        <StatCard label="Pipeline value" value={formatNaira(pipelineValueKobo)} hint="Budgets of requests, planning and work in progress" />
        <StatCard
          label="Delivered"
          value={completionRate === null ? "–" : formatPercent(completionRate)}
          hint={completionRate === null ? "No project has ended yet" : "Of the projects that have ended"}
        />
      </StatGrid>
      <nav aria-label="Projects by status">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {projectStatuses.map((status) => {
            const selected = current === status;
            return (
              <li key={status}>
                <Link
                  to={{ search: `?${withChanges(params, { status: selected ? undefined : status }).toString()}` }}
                  replace
                  aria-current={selected ? "true" : undefined}
                  className={`flex min-h-16 flex-col justify-center rounded-lg border px-3 py-2 ${
                    selected
                      ? "border-brand-900 bg-brand-900 text-white dark:border-white dark:bg-white dark:text-brand-900"
                      : "border-neutral-light bg-white hover:border-brand-700 dark:border-brand-700 dark:bg-brand-900 dark:hover:border-neutral-light"
                  }`}
                >
                  <span className="text-2xl font-bold tabular-nums">{byStatus[status]}</span>
                  <span className="text-sm font-medium">{projectStatusLabels[status]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
