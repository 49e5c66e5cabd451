import { useQuery } from "@tanstack/react-query";
import { Camera, ImageOff } from "lucide-react";
import { useState } from "react";
import { countOf } from "../../../../shared/plural";
import type { PhotoPoint, ProjectDetail } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { photoPointsQuery } from "../api";
import { PhotoPointForm } from "./PhotoPointForm";
import { PhotoPointSeries, pointWhereabouts } from "./PhotoPointSeries";

/** A point in the list: its latest photo, name and count, as a button that opens its series. */
function PointButton({ point, open, onOpen }: { point: PhotoPoint; open: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={open}
      onClick={onOpen}
      className={`flex w-full items-center gap-3 rounded-md border p-2 text-left ${
        open
          ? "border-accent-700 bg-neutral-light/50 dark:border-accent-500 dark:bg-brand-700"
          : "border-neutral-light dark:border-brand-700"
      }`}
    >
      {point.latestPhoto ? (
        <img src={point.latestPhoto.thumbUrl} alt="" width={80} height={60} className="aspect-[4/3] w-20 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex aspect-[4/3] w-20 shrink-0 items-center justify-center rounded bg-neutral-light/60 dark:bg-brand-700">
          <ImageOff aria-hidden className="size-6" />
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold break-words">{point.name}</span>
        <span className={`text-sm ${mutedTextClass}`}>
          {countOf(point.photoCount, "photo")}
          {pointWhereabouts(point) ? `, ${pointWhereabouts(point)}` : ""}
        </span>
      </span>
    </button>
  );
}

/**
 * The Photo points section: fixed viewpoints on the site, each photographed again and again. The office names them;
 * everyone opens one to compare its photos side by side, before and after, and as a time-lapse.
 */
export function PhotoPoints({ project }: { project: ProjectDetail }) {
  const points = useQuery(photoPointsQuery(project.id));
  const [openId, setOpenId] = useState<number | null>(null);
  const items = points.data?.items ?? [];
  const open = items.find((point) => point.id === openId) ?? null;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="flex flex-col gap-6 lg:col-span-1">
        {project.permissions.edit ? (
          <SectionCard id="add-photo-point" title="Add a photo point">
            <PhotoPointForm projectId={project.id} onCreated={(point) => setOpenId(point.id)} />
          </SectionCard>
        ) : null}
        <SectionCard id="photo-points" title="Photo points">
          {points.isPending ? <LoadingMessage>Loading photo points...</LoadingMessage> : null}
          {points.isError ? <ErrorMessage error={points.error} onRetry={() => void points.refetch()} /> : null}
          {points.isSuccess && items.length === 0 ? (
            <EmptyMessage title="No photo point yet.">
              {project.permissions.edit
                ? "Name a spot on the site to photograph again every visit: its photos line up into a time-lapse."
                : "The project team names spots on the site photographed again every visit: their photos show the work advancing."}
            </EmptyMessage>
          ) : null}
          {items.length > 0 ? (
            <ul aria-label="Photo points" className="flex flex-col gap-2">
              {items.map((point) => (
                <li key={point.id}>
                  <PointButton point={point} open={point.id === openId} onOpen={() => setOpenId(point.id)} />
                </li>
              ))}
            </ul>
          ) : null}
          {project.permissions.edit && items.length > 0 ? (
            <p className={`mt-3 flex items-center gap-2 text-sm ${mutedTextClass}`}>
              <Camera aria-hidden className="size-4 shrink-0" />
              In the portal's camera, choose the point before taking the photo.
            </p>
          ) : null}
        </SectionCard>
      </div>
      {open ? (
        <SectionCard id="photo-point" title={open.name} className="lg:col-span-2">
          <PhotoPointSeries project={project} pointId={open.id} />
        </SectionCard>
      ) : items.length > 0 ? (
        <SectionCard id="photo-point" title="Open a photo point" className="lg:col-span-2">
          <p className={mutedTextClass}>Choose a point to see its photos side by side, before and after, and as a time-lapse.</p>
        </SectionCard>
      ) : null}
    </div>
  );
}
