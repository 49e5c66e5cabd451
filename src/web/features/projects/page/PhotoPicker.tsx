import { ImagePlus } from "lucide-react";
import { useId } from "react";
import { PHOTOS_PER_UPLOAD } from "../../../../shared/projects";
import { FormAlert, inputClass, mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { FileButton } from "../../../components/ui/FileButton";
import { IMAGE_ACCEPT } from "../../../lib/image-types";
import type { usePickedPhotos } from "./use-picked-photos";

type Props = { picked: ReturnType<typeof usePickedPhotos>; disabled?: boolean; label?: string };

/** Choose photos from the device: each shows a preview and takes a caption; refused files say why. */
export function PhotoPicker({ picked, disabled, label = "Add photos" }: Props) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <FileButton
          className="w-fit"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={hintId}
          disabled={disabled || picked.photos.length >= PHOTOS_PER_UPLOAD}
          onFiles={picked.add}
        >
          <ImagePlus aria-hidden className="size-5" />
          {label}
        </FileButton>
        <p id={hintId} className={`text-sm ${mutedTextClass}`}>
          JPEG, PNG or WebP, up to 15 MB each, {PHOTOS_PER_UPLOAD} at a time. Location data in the photos is removed.
        </p>
      </div>
      {picked.problems.length > 0 ? (
        <FormAlert>
          <ul>
            {picked.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {picked.photos.length > 0 ? (
        <ul aria-label="Photos to upload" className="grid gap-3 sm:grid-cols-2">
          {picked.photos.map((photo, index) => (
            <li key={photo.key} className="flex gap-3 rounded-md border border-neutral-light p-2 dark:border-brand-700">
              <img src={photo.preview} alt="" className="size-20 shrink-0 rounded object-cover" width={80} height={80} />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <label className="text-sm font-medium break-words">
                  Caption for photo {index + 1} <span className={`font-normal ${mutedTextClass}`}>({photo.file.name}, optional)</span>
                  <input
                    className={inputClass}
                    maxLength={300}
                    value={photo.caption}
                    onChange={(event) => picked.setCaption(photo.key, event.target.value)}
                  />
                </label>
                <Button
                  variant="secondary"
                  className="w-fit"
                  onClick={() => picked.remove(photo.key)}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
