import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { activeProjectStatuses } from "../../../../shared/project-terms";
import { linkClass } from "../../../components/form/form-fields";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";
import { conversationsQuery, totalUnreadOf } from "../../../lib/queries/conversations";
import { projectFeedQuery, projectsListQuery } from "../../../lib/queries/projects";
import { DASHBOARD_PROJECTS } from "./ClientProjects";

/** A figure while its data loads or when it failed: a dash, with the reason for assistive technology. */
function Pending({ failed }: { failed: boolean }) {
  return (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">{failed ? "could not be loaded" : "loading"}</span>
    </>
  );
}

/** The dashboard's figures: projects under way, milestones overdue, messages waiting. */
export function DashboardFigures() {
  const projects = useQuery(projectsListQuery(DASHBOARD_PROJECTS));
  const feed = useQuery(projectFeedQuery);
  const conversations = useInfiniteQuery(conversationsQuery);
  const underWay = projects.data?.items.filter((project) => activeProjectStatuses.includes(project.status)).length;
  const overdue = feed.data?.milestones.overdue.length;
  const unread = totalUnreadOf(conversations.data);
  return (
    <StatGrid label="Your projects at a glance">
      <StatCard
        label="Projects under way"
        value={underWay ?? <Pending failed={projects.isError} />}
        hint={projects.data ? `${projects.data.total} in all` : undefined}
      />
      <StatCard label="Milestones overdue" value={overdue ?? <Pending failed={feed.isError} />} />
      <StatCard
        label="Unread messages"
        value={unread ?? <Pending failed={conversations.isError} />}
        hint={
          <Link to="/dashboard/messages" className={linkClass}>
            Open messages
          </Link>
        }
      />
    </StatGrid>
  );
}
