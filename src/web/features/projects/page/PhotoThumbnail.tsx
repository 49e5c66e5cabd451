import { evidenceVerdictLabels } from "../../../../shared/evidence";
import type { ProjectPhoto } from "../../../../shared/projects";
import { photoAlt } from "./Lightbox";
import { VerdictBadge } from "./VerdictBadge";

/** A photo's thumbnail as a button that opens it in the lightbox (Enter, Space or a click). */
export function PhotoThumbnail({ photo, position, onOpen }: { photo: ProjectPhoto; position: number; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="relative block overflow-hidden rounded-md bg-neutral-light/50 dark:bg-brand-700"
      aria-label={`Open photo: ${photoAlt(photo, position)} (${evidenceVerdictLabels[photo.verdict]})`}
    >
      <img src={photo.thumbUrl} alt="" loading="lazy" width={400} height={300} className="aspect-[4/3] w-full object-cover" />
      <VerdictBadge verdict={photo.verdict} reason={photo.verdictReason} className="absolute bottom-1.5 left-1.5" />
    </button>
  );
}
