import type { ChatAttachment } from "../../../shared/conversations";
import { linkClass } from "../../components/form/form-fields";
import { ModalDialog } from "../../components/ui/ModalDialog";

/** A message's photo at its larger size, over the page. */
export function PhotoViewer({ photo, onClose }: { photo: ChatAttachment | null; onClose: () => void }) {
  return (
    <ModalDialog open={photo !== null} onClose={onClose} title={photo?.name ?? "Photo"} size="lg" closeOnBackdrop>
      {photo ? (
        <div className="flex flex-col items-center gap-3">
          <img
            src={photo.url}
            alt={photo.name}
            width={photo.width}
            height={photo.height}
            className="h-auto max-h-[70vh] w-auto max-w-full rounded-md object-contain"
          />
          <a href={photo.url} target="_blank" rel="noopener" className={linkClass}>
            Open full size in a new tab
          </a>
        </div>
      ) : null}
    </ModalDialog>
  );
}
