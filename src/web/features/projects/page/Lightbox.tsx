import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect } from "react";
import type { ProjectPhoto } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { ModalDialog } from "../../../components/ui/ModalDialog";
import { useDateFormats } from "../../../lib/use-date-formats";
import { VerdictBadge } from "./VerdictBadge";

type Props = {
  photos: readonly ProjectPhoto[];
  /** The photo shown; closed when null. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/** The alternative text of a site photo: its caption, or where it sits in the set. */
export const photoAlt = (photo: ProjectPhoto, position: number) => photo.caption || `Site photo ${position + 1}`;

/**
 * A photo at full size over the page: the arrow keys (or the buttons) move through the set, Escape
 * closes it and focus goes back to the thumbnail that opened it.
 */
export function Lightbox({ photos, index, onIndexChange, onClose }: Props) {
  const formats = useDateFormats();
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") onIndexChange((index + 1) % count);
      else if (event.key === "ArrowLeft") onIndexChange((index - 1 + count) % count);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [index, count, onIndexChange]);

  return (
    <ModalDialog
      open={photo !== undefined}
      onClose={onClose}
      title={index === null ? "" : `Photo ${index + 1} of ${count}`}
      size="xl"
      closeOnBackdrop
    >
      {photo && index !== null ? (
        <figure className="flex flex-col gap-3">
          <img
            src={photo.galleryUrl}
            alt={photoAlt(photo, index)}
            width={photo.width}
            height={photo.height}
            className="max-h-[70dvh] w-full rounded-md bg-brand-900 object-contain"
          />
          <figcaption className="flex flex-col gap-1">
            <p className="font-medium break-words">{photo.caption || "No caption"}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <VerdictBadge verdict={photo.verdict} reason={photo.verdictReason} />
              <span>{photo.verdictReason}</span>
            </p>
            <p className={`text-sm ${mutedTextClass}`}>
              {photo.uploadedBy ? `${photo.uploadedBy.name} · ` : ""}
              {photo.capturedAt ? `taken ${formats.dateTime(photo.capturedAt)} · ` : ""}
              received {formats.dateTime(photo.receivedAt)}
            </p>
          </figcaption>
          {count > 1 ? (
            <div className="flex justify-between gap-3">
              <Button variant="secondary" onClick={() => onIndexChange((index - 1 + count) % count)}>
                <ChevronLeft aria-hidden className="size-5" />
                Previous
              </Button>
              <Button variant="secondary" onClick={() => onIndexChange((index + 1) % count)}>
                Next
                <ChevronRight aria-hidden className="size-5" />
              </Button>
            </div>
          ) : null}
        </figure>
      ) : null}
    </ModalDialog>
  );
}
