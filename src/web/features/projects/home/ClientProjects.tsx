import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { canRequestProject } from "../../../../shared/access";
import type { ProjectListItem } from "../../../../shared/projects";
import { Button } from "../../../components/ui/Button";
import { EmptyMessage, ErrorMessage } from "../../../components/ui/StatusMessage";
import { projectsListQuery } from "../../../lib/queries/projects";
import { useAuth } from "../../../lib/session/AuthProvider";
import { DASHBOARD_PROJECTS } from "./dashboard-data";
import { ProjectCard, ProjectCardPlaceholder } from "./ProjectCard";
import { RequestProjectDialog } from "./RequestProjectDialog";

/** What a client without a project yet should know: how a request becomes a project. */
function NoProjectYet({ canRequest }: { canRequest: boolean }) {
  if (!canRequest) {
    return <EmptyMessage title="No project to show yet.">Projects you are assigned to appear here.</EmptyMessage>;
  }
  return (
    <EmptyMessage title="You have no project with us yet.">
      <div className="flex flex-col items-center gap-3">
        <p>
          Tell us what you want to build with a short description and its location. Our project office reviews your request and contacts
          you; once it is agreed, it becomes a project here, with its schedule, site updates, photos and documents.
        </p>
        <RequestProjectDialog label="Request your first project" />
      </div>
    </EmptyMessage>
  );
}

const projectGridClass = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
/** The cards of the first row (one on a phone, two or three on wider screens): on screen as the dashboard opens. */
const FIRST_ROW = 3;
/** The cards shown until the viewer asks for all the loaded ones: two rows on a wide screen, a short scroll on a phone. */
const FIRST_SHOWN = 6;
// The browser lays out and paints the other cards only as they come near the screen (a card's height is kept
// meanwhile). The height only: a width kept for a skipped card would widen the grid's column past a phone's screen.
const laterCardClass = "flex [contain-intrinsic-block-size:auto_26rem] [content-visibility:auto]";

/** A row of card shapes while the projects load, the way the cards will take it (one on a phone). */
function LoadingProjects() {
  return (
    <div role="status">
      <span className="sr-only">Loading your projects...</span>
      <ul className={projectGridClass}>
        <li>
          <ProjectCardPlaceholder />
        </li>
        <li className="hidden sm:block">
          <ProjectCardPlaceholder />
        </li>
        <li className="hidden lg:block">
          <ProjectCardPlaceholder />
        </li>
      </ul>
    </div>
  );
}

/** The viewer's projects as cards. */
export function ClientProjects() {
  const { user } = useAuth();
  const projects = useQuery(projectsListQuery(DASHBOARD_PROJECTS));
  // The cards are drawn in a deferred render, in slices, so the page stays responsive while they are built.
  const data = useDeferredValue(projects.data);
  if (!user) return null;
  if (projects.isError) return <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />;
  if (!data) return <LoadingProjects />;
  const { items, total } = data;
  if (items.length === 0) return <NoProjectYet canRequest={canRequestProject(user)} />;
  return <ProjectCards items={items} total={total} />;
}

/** The latest cards, and a button that shows all those loaded (up to 24) or the latest again. */
function ProjectCards({ items, total }: { items: ProjectListItem[]; total: number }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const shown = showAll ? items : items.slice(0, FIRST_SHOWN);
  return (
    <div className="flex flex-col items-start gap-3">
      <ul id={listId} className={`w-full ${projectGridClass}`}>
        {shown.map((project, index) => (
          <li key={project.id} className={index < FIRST_ROW ? "flex" : laterCardClass}>
            <ProjectCard project={project} firstSeen={index < FIRST_ROW} />
          </li>
        ))}
      </ul>
      {total > shown.length ? (
        <p className="text-sm">
          Showing the {shown.length} most recently updated of {total} projects.
        </p>
      ) : null}
      {items.length > FIRST_SHOWN ? (
        <Button variant="secondary" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the latest ${FIRST_SHOWN} only` : `Show all ${items.length} projects`}
        </Button>
      ) : null}
    </div>
  );
}
