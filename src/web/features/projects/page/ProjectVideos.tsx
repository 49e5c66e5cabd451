import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Video } from "lucide-react";
import { useState } from "react";
import type { ProjectDetail, ProjectVideo } from "../../../../shared/projects";
import { inputClass } from "../../../components/form/form-fields";
import { ButtonLink } from "../../../components/ui/Button";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { LoadMoreButton } from "../../../components/ui/LoadMoreButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi, projectVideosQuery } from "../api";
import { VideoCard } from "./VideoCard";

/** An editor removes a video, saying why: the evidence record keeps the removal. */
function RemoveVideo({ projectId, video, position }: { projectId: number; video: ProjectVideo; position: number }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  return (
    <ConfirmButton
      label="Delete"
      accessibleName={`Delete video ${position + 1}`}
      title="Delete this video?"
      onConfirm={async () => {
        await projectsApi.removeVideo(projectId, video.id, reason);
        await refreshProjects(queryClient);
        toast.success("Video deleted.");
      }}
    >
      <p>It leaves the project. The project's evidence record keeps that it was removed, by you, and why.</p>
      <label className="mt-3 block text-sm font-medium">
        Why it is removed
        <input className={inputClass} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
    </ConfirmButton>
  );
}

/** The Videos section: the project's videos, newest first, each with its verdict; editors record them in the capture screen. */
export function ProjectVideos({ project }: { project: ProjectDetail }) {
  const videos = useInfiniteQuery(projectVideosQuery(project.id));
  const items = videos.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard id="videos" title="Videos">
      {project.permissions.edit ? (
        <ButtonLink variant="secondary" className="mb-4" to={`/dashboard/projects/${project.id}/capture`}>
          <Video aria-hidden className="size-5" />
          Record a video
        </ButtonLink>
      ) : null}
      {videos.isPending ? <LoadingMessage>Loading videos...</LoadingMessage> : null}
      {videos.isError ? <ErrorMessage error={videos.error} onRetry={() => void videos.refetch()} /> : null}
      {videos.isSuccess && items.length === 0 ? (
        <EmptyMessage title="No video yet.">
          Videos the site team records or sends appear here, with whether each could be verified.
        </EmptyMessage>
      ) : null}
      {items.length > 0 ? (
        <div className="flex flex-col gap-4">
          <ul aria-label="Project videos" className="grid gap-4 sm:grid-cols-2">
            {items.map((video, index) => (
              <li key={video.id} className="flex min-w-0 flex-col gap-2">
                <VideoCard video={video} />
                {project.permissions.edit ? <RemoveVideo projectId={project.id} video={video} position={index} /> : null}
              </li>
            ))}
          </ul>
          <LoadMoreButton query={videos} label="Load more videos" />
        </div>
      ) : null}
    </SectionCard>
  );
}
