import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { canRunProjects } from "../../../shared/access";
import { ApiError } from "../../../shared/api";
import { usePortalTitle } from "../../app/use-portal-title";
import { PortalPage } from "../../components/ui/PageHeader";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { ProjectConversation } from "../../features/messages/ProjectConversation";
import { projectQuery } from "../../features/projects/api";
import { ProjectActions } from "../../features/projects/page/ProjectActions";
import { ProjectHeader } from "../../features/projects/page/ProjectHeader";
import { ProjectNotFound } from "../../features/projects/page/ProjectNotFound";
import { ProjectSectionNav } from "../../features/projects/page/ProjectSectionNav";
import { sectionOf } from "../../features/projects/page/project-sections";
import { useAuth } from "../../lib/session/AuthProvider";

/** The project's page for everyone who may read it: header, then one section at a time (overview, schedule...). */
function ProjectScreen({ projectId }: { projectId: number }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const project = useQuery(projectQuery(projectId));
  usePortalTitle(project.data ? `${project.data.title} | Crestbuild` : "Project | Crestbuild");

  if (project.isPending) {
    return (
      <PortalPage>
        <LoadingMessage>Loading the project...</LoadingMessage>
      </PortalPage>
    );
  }
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) return <ProjectNotFound />;
    return (
      <PortalPage>
        <h1 className="text-3xl font-bold">Project</h1>
        <ErrorMessage error={project.error} onRetry={() => void project.refetch()} />
      </PortalPage>
    );
  }
  const back =
    user && canRunProjects(user) ? { to: "/dashboard/projects", label: "All projects" } : { to: "/dashboard", label: "Your dashboard" };
  const section = sectionOf(project.data, params.get("section"));
  const { Section } = section;
  return (
    <PortalPage>
      <ProjectHeader project={project.data} back={back} actions={<ProjectActions project={project.data} afterDelete={back.to} />} />
      <ProjectSectionNav project={project.data} current={section} />
      <Section project={project.data} conversation={<ProjectConversation projectId={project.data.id} />} />
    </PortalPage>
  );
}

/** /dashboard/projects/:id (notifications link here). */
export default function ProjectPage() {
  const { id } = useParams();
  const projectId = Number(id);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return <ProjectNotFound />;
  // Keyed by project: moving to another project starts from its own state (open dialogs, forms).
  return <ProjectScreen key={projectId} projectId={projectId} />;
}
