import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import type { MilestoneDue } from "../../../../shared/projects";
import { linkClass, mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { formatDate } from "../../../lib/format";
import { projectFeedQuery } from "../../../lib/queries/projects";
import { projectPagePath } from "../project-labels";

type ListProps = { title: string; milestones: MilestoneDue[]; overdue: boolean; hideWhenEmpty: boolean };

function MilestoneList({ title, milestones, overdue, hideWhenEmpty }: ListProps) {
  const headingId = useId();
  if (milestones.length === 0 && hideWhenEmpty) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className={`font-bold ${overdue ? "text-red-700 dark:text-red-300" : ""}`}>
        {title} <span className="tabular-nums">({milestones.length})</span>
      </h3>
      {milestones.length === 0 ? (
        <p className={mutedTextClass}>{overdue ? "Nothing is overdue." : "Nothing is due in the next 30 days."}</p>
      ) : (
        <ul className="divide-y divide-neutral-light dark:divide-brand-700">
          {milestones.map((milestone) => (
            <li key={milestone.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="min-w-0">
                <span className="font-semibold">{milestone.title}</span>
                <span className="block text-sm">
                  <Link to={`${projectPagePath(milestone.projectId)}?section=schedule`} className={linkClass}>
                    {milestone.projectReference} {milestone.projectTitle}
                  </Link>
                </span>
              </span>
              <span className={`shrink-0 text-sm ${overdue ? "font-semibold text-red-700 dark:text-red-300" : mutedTextClass}`}>
                {overdue ? "Was due" : "Due"} {formatDate(milestone.dueDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Props = {
  /** A client's dashboard leaves out an empty list; the front office's overview shows both, each with its count. */
  hideEmptyLists?: boolean;
};

/** Milestones of the projects the viewer may read: overdue ones, then those due in the next 30 days; each opens its project's schedule. */
export function MilestonesDue({ hideEmptyLists = false }: Props) {
  const feed = useQuery(projectFeedQuery);
  if (feed.isPending) return <LoadingMessage>Loading milestones...</LoadingMessage>;
  if (feed.isError) return <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />;
  const { upcoming, overdue } = feed.data.milestones;
  if (upcoming.length === 0 && overdue.length === 0) {
    return <EmptyMessage title="No milestone is due in the next 30 days, and none is overdue." />;
  }
  return (
    <div className="flex flex-col gap-6">
      <MilestoneList title="Overdue" milestones={overdue} overdue hideWhenEmpty={hideEmptyLists} />
      <MilestoneList title="Due in the next 30 days" milestones={upcoming} overdue={false} hideWhenEmpty={hideEmptyLists} />
    </div>
  );
}
