import { useQueryClient } from "@tanstack/react-query";
import { Camera } from "lucide-react";
import { useNavigate } from "react-router";
import type { ProjectDetail } from "../../../../shared/projects";
import { ButtonLink } from "../../../components/ui/Button";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectQuery, projectsApi } from "../api";
import { AssignPeopleDialog } from "./AssignPeopleDialog";
import { EditDetailsDialog } from "./EditDetailsDialog";
import { InviteClientDialog } from "./InviteClientDialog";

/** What the viewer may do to the whole project, from the API's permissions: edit, staff it, delete it. */
export function ProjectActions({ project, afterDelete }: { project: ProjectDetail; afterDelete: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <>
      {project.permissions.edit ? (
        <ButtonLink variant="secondary" to={`/dashboard/projects/${project.id}/capture`}>
          <Camera aria-hidden className="size-5" />
          Take photos
        </ButtonLink>
      ) : null}
      {project.permissions.edit ? <EditDetailsDialog project={project} /> : null}
      {project.permissions.run ? <AssignPeopleDialog project={project} /> : null}
      {project.permissions.run && !project.client ? <InviteClientDialog project={project} /> : null}
      {project.permissions.delete ? (
        <ConfirmButton
          label="Delete project"
          title={`Delete ${project.title}?`}
          onConfirm={async () => {
            await projectsApi.remove(project.id);
            queryClient.removeQueries({ queryKey: projectQuery(project.id).queryKey });
            navigate(afterDelete, { replace: true });
            await refreshProjects(queryClient);
            toast.success(`${project.title} was deleted.`);
          }}
        >
          <p>Its schedule, site updates, photos and documents are deleted with it. This cannot be undone.</p>
        </ConfirmButton>
      ) : null}
    </>
  );
}
