import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { MilestoneDue } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { formatDate } from "../../../lib/format";
import { projectFeedQuery } from "../api";
import { projectPagePath } from "../project-labels";

function MilestoneList({ title, milestones, overdue }: { title: string; milestones: MilestoneDue[]; overdue?: boolean }) {
  if (milestones.length === 0) return null;
  return (
    <div>
      <h3 className={`font-semibold ${overdue ? "text-red-700 dark:text-red-300" : ""}`}>{title}</h3>
      <ul className="mt-1 flex flex-col gap-2">
        {milestones.map((milestone) => (
          <li key={milestone.id} className="flex flex-col">
            <span className="font-medium">{milestone.title}</span>
            <span className={`text-sm ${mutedTextClass}`}>
              {overdue ? "Was due" : "Due"} {formatDate(milestone.dueDate)} ·{" "}
              <Link to={`${projectPagePath(milestone.projectId)}?section=schedule`} className="underline underline-offset-2">
                {milestone.projectTitle}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Milestones overdue, then those due within 30 days, across the viewer's projects. */
export function MilestonesDue() {
  const feed = useQuery(projectFeedQuery);
  if (feed.isPending) return <LoadingMessage>Loading milestones...</LoadingMessage>;
  if (feed.isError) return <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />;
  const { overdue, upcoming } = feed.data.milestones;
  if (overdue.length === 0 && upcoming.length === 0) {
    return <EmptyMessage title="No milestone due in the next 30 days." />;
  }
  return (
    <div className="flex flex-col gap-4">
      <MilestoneList title="Overdue" milestones={overdue} overdue />
      <MilestoneList title="Due in the next 30 days" milestones={upcoming} />
    </div>
  );
}
