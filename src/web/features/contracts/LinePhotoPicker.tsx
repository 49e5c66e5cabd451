import { useInfiniteQuery } from "@tanstack/react-query";
import { Images } from "lucide-react";
import { useState } from "react";
import { MAX_VALUATION_LINE_PHOTOS } from "../../../shared/contract-terms";
import { mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { projectPhotosQuery, VerdictBadge } from "../projects";

type Choice = { projectId: number; chosen: readonly number[]; onChange: (photoIds: number[]) => void };

/** The gallery as checkboxes, a page at a time; once the line has its 12, the others wait. */
function PhotoChoices({ projectId, chosen, onChange }: Choice) {
  const gallery = useInfiniteQuery(projectPhotosQuery(projectId));
  const { date } = useDateFormats();
  const photos = gallery.data?.pages.flatMap((page) => page.items) ?? [];
  const full = chosen.length >= MAX_VALUATION_LINE_PHOTOS;
  if (gallery.isPending) return <LoadingMessage>Loading photos...</LoadingMessage>;
  if (gallery.isError) return <ErrorMessage error={gallery.error} onRetry={() => void gallery.refetch()} />;
  if (photos.length === 0) {
    return <EmptyMessage title="No photo yet.">Photos added in the project's Photos section can be chosen here.</EmptyMessage>;
  }
  const toggle = (photoId: number, on: boolean) => onChange(on ? [...chosen, photoId] : chosen.filter((id) => id !== photoId));
  return (
    <div className="flex flex-col gap-3">
      <p aria-live="polite" className={`text-sm ${mutedTextClass}`}>
        {chosen.length} of {MAX_VALUATION_LINE_PHOTOS} chosen.
      </p>
      <ul aria-label="Project photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => {
          const checked = chosen.includes(photo.id);
          return (
            <li key={photo.id} className="min-w-0">
              <label className="flex cursor-pointer flex-col gap-1.5 rounded-md border border-neutral-light p-1.5 has-[:checked]:border-accent-700 has-[:checked]:bg-accent-500/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 dark:border-brand-700 dark:has-[:checked]:border-accent-500">
                <img
                  src={photo.thumbUrl}
                  alt=""
                  loading="lazy"
                  width={400}
                  height={300}
                  className="aspect-[4/3] w-full rounded object-cover"
                />
                <span className="flex flex-wrap items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(photo.id, event.target.checked)}
                  />
                  <VerdictBadge verdict={photo.verdict} reason={photo.verdictReason} />
                </span>
                <span className="text-xs break-words">
                  {photo.caption || `Photo ${index + 1}`} · {date(photo.capturedAt ?? photo.createdAt)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <LoadMoreButton query={gallery} label="Load more photos" />
    </div>
  );
}

/** 'Photos (n)': a line's evidence, chosen from the project's gallery in a dialog (compact beside the quantity). */
export function LinePhotoPicker({ subject, error, ...choice }: Choice & { subject: string; error?: string }) {
  const [open, setOpen] = useState(false);
  const label = `Photos (${choice.chosen.length})`;
  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" aria-haspopup="dialog" aria-label={`${label} for ${subject}`} onClick={() => setOpen(true)}>
        <Images aria-hidden className="size-4 shrink-0" />
        {label}
      </Button>
      {error ? <p className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        size="lg"
        title={`Photos for ${subject}`}
        description={`Up to ${MAX_VALUATION_LINE_PHOTOS} photos that show this work; the certificate shows them under the line with their verdicts.`}
      >
        <PhotoChoices {...choice} />
        <Button className="self-start" onClick={() => setOpen(false)}>
          Done
        </Button>
      </ModalDialog>
    </div>
  );
}
