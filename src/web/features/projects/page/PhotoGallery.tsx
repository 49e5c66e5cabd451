import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ProjectDetail } from "../../../../shared/projects";
import { LoadMoreButton } from "../../../components/ui/LoadMoreButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectPhotosQuery } from "../api";
import { Lightbox } from "./Lightbox";
import { PhotoEditor } from "./PhotoEditor";
import { PhotoThumbnail } from "./PhotoThumbnail";
import { PhotoUploadForm } from "./PhotoUploadForm";

/** The Photos section: every photo of the project as a grid; one opens in the lightbox. Editors upload, caption and delete. */
export function PhotoGallery({ project }: { project: ProjectDetail }) {
  const gallery = useInfiniteQuery(projectPhotosQuery(project.id));
  const [viewing, setViewing] = useState<number | null>(null);
  const photos = gallery.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex flex-col gap-6">
      {project.permissions.edit ? (
        <SectionCard id="upload-photos" title="Upload photos">
          <PhotoUploadForm projectId={project.id} />
        </SectionCard>
      ) : null}
      <SectionCard id="gallery" title="Photos" description={project.counts.photos > 0 ? `${project.counts.photos} in all.` : undefined}>
        {gallery.isPending ? <LoadingMessage>Loading photos...</LoadingMessage> : null}
        {gallery.isError ? <ErrorMessage error={gallery.error} onRetry={() => void gallery.refetch()} /> : null}
        {gallery.isSuccess && photos.length === 0 ? (
          <EmptyMessage title="No photo yet.">Photos from site visits and updates appear here.</EmptyMessage>
        ) : null}
        {photos.length > 0 ? (
          <div className="flex flex-col gap-4">
            <ul aria-label="Project photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {photos.map((photo, index) => (
                <li key={photo.id} className="flex min-w-0 flex-col gap-2">
                  <PhotoThumbnail photo={photo} position={index} onOpen={() => setViewing(index)} />
                  {photo.caption ? <p className="text-sm break-words">{photo.caption}</p> : null}
                  {project.permissions.edit ? <PhotoEditor projectId={project.id} photo={photo} position={index} /> : null}
                </li>
              ))}
            </ul>
            <LoadMoreButton query={gallery} label="Load more photos" />
          </div>
        ) : null}
      </SectionCard>
      <Lightbox photos={photos} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </div>
  );
}
