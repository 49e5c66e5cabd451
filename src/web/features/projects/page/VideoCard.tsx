import type { ProjectVideo } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { useDateFormats } from "../../../lib/use-date-formats";
import { VerdictBadge } from "./VerdictBadge";

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/**
 * A video of the project, played in the page (its poster shows until then; nothing is fetched before play), with its
 * verdict and its reason, when it was taken and who sent it.
 */
export function VideoCard({ video }: { video: ProjectVideo }) {
  const { dateTime } = useDateFormats();
  const label = video.caption || `Site video of ${duration(video.durationSeconds)}`;
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: site videos carry no speech to caption; the caption below names what it shows. */}
      <video
        controls
        preload="none"
        playsInline
        poster={video.posterUrl}
        src={video.videoUrl}
        width={video.width}
        height={video.height}
        aria-label={label}
        className="aspect-video w-full rounded-md bg-brand-900 object-contain"
      />
      <figcaption className="flex flex-col gap-1 text-sm">
        <span className="flex flex-wrap items-center gap-2">
          <VerdictBadge verdict={video.verdict} reason={video.verdictReason} />
          <span className={mutedTextClass}>{duration(video.durationSeconds)}</span>
        </span>
        <span className="break-words">{label}</span>
        <span className={mutedTextClass}>
          {video.capturedAt ? `Taken ${dateTime(video.capturedAt)}` : `Sent ${dateTime(video.receivedAt)}`}
          {video.uploadedBy ? ` by ${video.uploadedBy.name}` : ""}. {video.verdictReason}
        </span>
      </figcaption>
    </figure>
  );
}
