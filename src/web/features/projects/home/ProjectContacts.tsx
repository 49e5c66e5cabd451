import { useQueries, useQuery } from "@tanstack/react-query";
import type { ProjectListItem } from "../../../../shared/projects";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectsListQuery } from "../../../lib/queries/projects";
import { useAuth } from "../../../lib/session/AuthProvider";
import { projectQuery } from "../api";
import { ContactCard } from "../ContactCard";
import { DASHBOARD_PROJECTS } from "./dashboard-data";

const MAX_CONTACTS = 6;

/** One project per manager: its page carries the manager's phone and email. */
function oneProjectPerManager(projects: ProjectListItem[], viewerId: string): ProjectListItem[] {
  const seen = new Set<string>();
  return projects.filter((project) => {
    const managerId = project.manager?.id;
    if (!managerId || managerId === viewerId || seen.has(managerId)) return false;
    seen.add(managerId);
    return true;
  });
}

/** The project managers of the viewer's projects, with their phone and email. */
export function ProjectContacts() {
  const { user } = useAuth();
  const projects = useQuery(projectsListQuery(DASHBOARD_PROJECTS));
  const managed = projects.data && user ? oneProjectPerManager(projects.data.items, user.id).slice(0, MAX_CONTACTS) : [];
  const details = useQueries({ queries: managed.map((project) => projectQuery(project.id)) });

  if (projects.isPending) return <LoadingMessage>Loading your contacts...</LoadingMessage>;
  if (projects.isError) return <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />;
  if (managed.length === 0) {
    return (
      <EmptyMessage title="No project manager assigned yet.">When the project office assigns one, their contacts appear here.</EmptyMessage>
    );
  }
  const failed = details.find((detail) => detail.isError);
  if (failed?.error) return <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />;
  if (details.some((detail) => detail.isPending)) return <LoadingMessage>Loading your contacts...</LoadingMessage>;
  return (
    <ul className="flex flex-col gap-4">
      {details.map(({ data: project }) =>
        project?.manager ? (
          <li key={project.manager.id}>
            <ContactCard person={project.manager} relation={`Project manager, ${project.title}`} />
          </li>
        ) : null,
      )}
    </ul>
  );
}
