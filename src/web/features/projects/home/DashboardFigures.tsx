import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { linkClass } from "../../../components/form/form-fields";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";
import { conversationsQuery, totalUnreadOf } from "../../../lib/queries/conversations";
import { projectFeedQuery, projectsListQuery } from "../../../lib/queries/projects";
import { DASHBOARD_PROJECTS, UNDER_WAY } from "./dashboard-data";

/** A figure while its data loads or when it failed: a dash, with the reason for assistive technology. */
function Pending({ failed }: { failed: boolean }) {
  return (
    <>
      <span aria-hidden>–</span>
      <span className="sr-only">{failed ? "could not be loaded" : "loading"}</span>
    </>
  );
}

/** Keeps a hint's line while its figure loads, so the cards below do not move when it arrives. */
const reservedLine = <span aria-hidden>{"\u00a0"}</span>;

/** The dashboard's figures: projects under way, milestones overdue, messages waiting. */
export function DashboardFigures() {
  const projects = useQuery(projectsListQuery(DASHBOARD_PROJECTS));
  const underWayProjects = useQuery(projectsListQuery(UNDER_WAY));
  const feed = useQuery(projectFeedQuery);
  const conversations = useInfiniteQuery(conversationsQuery);
  const underWay = underWayProjects.data?.total;
  const overdue = feed.data?.milestones.overdue.length;
  const unread = totalUnreadOf(conversations.data);
  return (
    <StatGrid label="Your projects at a glance">
      <StatCard
        label="Projects under way"
        value={underWay ?? <Pending failed={underWayProjects.isError} />}
        hint={projects.data ? `${projects.data.total} in all` : reservedLine}
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
