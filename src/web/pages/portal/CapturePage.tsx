import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api";
import { usePortalTitle } from "../../app/use-portal-title";
import { ButtonLink } from "../../components/ui/Button";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { projectQuery } from "../../features/projects/api";
import { CaptureScreen } from "../../features/projects/capture/CaptureScreen";
import { ProjectNotFound } from "../../features/projects/page/ProjectNotFound";

function CaptureForProject({ projectId }: { projectId: number }) {
  const project = useQuery(projectQuery(projectId));
  // "Answer with the camera" on a live check opens this screen with it chosen.
  const liveCheckId = useSearchParams()[0].get("liveCheck");
  usePortalTitle(project.data ? `Capture: ${project.data.title} | Crestbuild` : "Capture | Crestbuild");
  if (project.isPending) return <LoadingMessage>Loading the project...</LoadingMessage>;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) return <ProjectNotFound />;
    return <ErrorMessage error={project.error} onRetry={() => void project.refetch()} />;
  }
  const back = `/dashboard/projects/${projectId}?section=photos`;
  return (
    <>
      <PageHeader
        title="Capture"
        description={project.data.title}
        actions={
          <ButtonLink variant="secondary" to={back}>
            Back to the photos
          </ButtonLink>
        }
      />
      {project.data.permissions.edit ? (
        <CaptureScreen project={project.data} liveCheckId={liveCheckId} />
      ) : (
        <EmptyMessage title="Only the project's team adds photos.">
          You can see every photo, with what the portal checked, on the project.
        </EmptyMessage>
      )}
    </>
  );
}

/** /dashboard/projects/:id/capture: the site team's camera, whose photos carry when and where they were taken. */
export default function CapturePage() {
  const projectId = Number(useParams().id);
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return <ProjectNotFound />;
  return (
    <PortalPage>
      <CaptureForProject key={projectId} projectId={projectId} />
    </PortalPage>
  );
}
