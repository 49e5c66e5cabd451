import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { countOf } from "../../../../shared/plural";
import type { PhotoPoint, ProjectDetail } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { useDateFormats } from "../../../lib/use-date-formats";
import { photoPointQuery } from "../api";
import { BeforeAfterSlider, photoMoment } from "./BeforeAfterSlider";
import { Lightbox } from "./Lightbox";
import { PhotoPointTimelapse } from "./PhotoPointTimelapse";
import { PhotoThumbnail } from "./PhotoThumbnail";
import { PhotoUploadForm } from "./PhotoUploadForm";

/** Where a point stands and which way it looks, in words. */
export function pointWhereabouts(point: PhotoPoint): string {
  const parts = [
    point.latitude !== null && point.longitude !== null ? `at ${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}` : null,
    point.bearing !== null ? `facing ${point.bearing}° from north` : null,
  ].filter(Boolean);
  return parts.join(", ");
}

function Subheading({ children }: { children: string }) {
  return <h3 className="text-lg font-semibold">{children}</h3>;
}

/** One photo point opened: its photos side by side, a before and after of two of them, and the time-lapse. */
export function PhotoPointSeries({ project, pointId }: { project: ProjectDetail; pointId: number }) {
  const formats = useDateFormats();
  const series = useQuery(photoPointQuery(project.id, pointId));
  const [viewing, setViewing] = useState<number | null>(null);
  if (series.isPending) return <LoadingMessage>Loading the photos of this point...</LoadingMessage>;
  if (series.isError) return <ErrorMessage error={series.error} onRetry={() => void series.refetch()} />;
  const { point, photos } = series.data;
  const latest = photos.at(-1);

  return (
    <div className="flex flex-col gap-6">
      <p className={mutedTextClass}>
        {countOf(point.photoCount, "photo")}
        {pointWhereabouts(point) ? `, ${pointWhereabouts(point)}` : ""}. Named by {point.createdBy?.name ?? "a former member"}{" "}
        {formats.date(point.createdAt)}.
      </p>
      {project.permissions.edit ? (
        <div className="flex flex-col gap-2">
          <Subheading>Add photos taken from here</Subheading>
          <PhotoUploadForm projectId={project.id} capture={{ photoPointId: point.id }} />
        </div>
      ) : null}
      {photos.length === 0 ? (
        <EmptyMessage title="No photo from this point yet.">
          Photos sent from this point (in the camera or by upload) appear here, oldest first.
        </EmptyMessage>
      ) : (
        <div className="flex flex-col gap-2">
          <Subheading>Side by side</Subheading>
          <ol aria-label={`Photos from ${point.name}, oldest first`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {photos.map((photo, index) => (
              <li key={photo.id} className="flex min-w-0 flex-col gap-1">
                <PhotoThumbnail photo={photo} position={index} onOpen={() => setViewing(index)} />
                <span className="text-sm">{formats.dateTime(photoMoment(photo))}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {photos.length >= 2 && latest ? (
        <>
          <div className="flex flex-col gap-2">
            <Subheading>Before and after</Subheading>
            <BeforeAfterSlider key={point.id} photos={photos} pointName={point.name} />
          </div>
          <div className="flex flex-col gap-2">
            <Subheading>Time-lapse</Subheading>
            <PhotoPointTimelapse
              projectId={project.id}
              pointId={point.id}
              pointName={point.name}
              photoCount={photos.length}
              latestPhotoId={latest.id}
            />
          </div>
        </>
      ) : photos.length === 1 ? (
        <p className={mutedTextClass}>A second photo from this point brings the before and after and the time-lapse.</p>
      ) : null}
      <Lightbox photos={photos} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </div>
  );
}
