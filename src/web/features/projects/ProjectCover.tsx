import { HardHat } from "lucide-react";
import { GRID_CARD_SIZES, pictureSources } from "../../../shared/responsive-images";

/**
 * The project's cover photo, or a plain panel with a site helmet until it has one. Decorative: the title is beside it.
 * `firstSeen`: on screen as the page opens, so fetched at once and first (the others wait until scrolled near).
 */
export function ProjectCover({ src, className = "", firstSeen = false }: { src: string | null; className?: string; firstSeen?: boolean }) {
  if (src)
    return (
      <img
        src={src}
        {...pictureSources(src, GRID_CARD_SIZES)}
        alt=""
        loading={firstSeen ? "eager" : "lazy"}
        fetchPriority={firstSeen ? "high" : "auto"}
        className={`bg-neutral-light/50 object-cover dark:bg-brand-700 ${className}`}
        width={800}
        height={450}
      />
    );
  return (
    <div
      aria-hidden
      className={`flex items-center justify-center bg-neutral-light/50 text-brand-700 dark:bg-brand-700 dark:text-neutral-light ${className}`}
    >
      <HardHat className="size-10" />
    </div>
  );
}
