import { useQuery } from "@tanstack/react-query";
import { canRequestProject } from "../../../../shared/access";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectsListQuery } from "../../../lib/queries/projects";
import { useAuth } from "../../../lib/session/AuthProvider";
import { ProjectCard } from "./ProjectCard";
import { RequestProjectDialog } from "./RequestProjectDialog";

/** The dashboard shows this many projects, most recently changed first (the project office has its own list). */
export const DASHBOARD_PROJECTS = { page: 1, pageSize: 24, sort: "-updated" } as const;

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

/** The viewer's projects as cards. */
export function ClientProjects() {
  const { user } = useAuth();
  const projects = useQuery(projectsListQuery(DASHBOARD_PROJECTS));
  if (!user) return null;
  if (projects.isPending) return <LoadingMessage>Loading your projects...</LoadingMessage>;
  if (projects.isError) return <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />;
  const { items, total } = projects.data;
  if (items.length === 0) return <NoProjectYet canRequest={canRequestProject(user)} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((project) => (
          <li key={project.id} className="flex">
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p className="text-sm">
          Showing the {items.length} most recently updated of {total} projects.
        </p>
      ) : null}
    </div>
  );
}
