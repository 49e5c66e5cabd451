import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { countOf } from "../../../../shared/plural";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { formatDate } from "../../../lib/format";
import { projectStatsQuery } from "../../../lib/queries/projects";
import { projectPagePath } from "../project-labels";

/** Open milestones of active projects past their due date, the longest overdue first. */
export function OverdueMilestones() {
  const stats = useQuery(projectStatsQuery);
  if (stats.isPending) return <LoadingMessage>Loading overdue milestones...</LoadingMessage>;
  if (stats.isError) return <ErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />;
  const overdue = [...stats.data.overdueMilestones].sort((a, b) => b.daysOverdue - a.daysOverdue);
  if (overdue.length === 0) return <EmptyMessage title="No milestone is overdue." />;
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {overdue.map((milestone) => (
        <li key={milestone.id} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0">
          <p className="font-medium break-words">{milestone.title}</p>
          <p className="text-sm">
            <span className="font-semibold text-red-700 dark:text-red-300">{countOf(milestone.daysOverdue, "day")} overdue</span>
            <span className={mutedTextClass}> · due {formatDate(milestone.dueDate)} · </span>
            <Link to={`${projectPagePath(milestone.projectId)}?section=schedule`} className="underline underline-offset-2">
              {milestone.projectTitle} ({milestone.projectReference})
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
