import type { ProjectPhoto } from "../../../../shared/projects";
import { photoAlt } from "./Lightbox";

/** A photo's thumbnail as a button that opens it in the lightbox (Enter, Space or a click). */
export function PhotoThumbnail({ photo, position, onOpen }: { photo: ProjectPhoto; position: number; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="block overflow-hidden rounded-md bg-neutral-light/50 dark:bg-brand-700"
      aria-label={`Open photo: ${photoAlt(photo, position)}`}
    >
      <img src={photo.thumbUrl} alt="" loading="lazy" width={400} height={300} className="aspect-[4/3] w-full object-cover" />
    </button>
  );
}
