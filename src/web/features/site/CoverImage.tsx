import { GRID_CARD_SIZES, pictureSources } from "../../../shared/responsive-images";

/**
 * A 3:2 photo of the public site, decorative unless given an alt text. `priority`: the screen's main
 * image, fetched first; the others load as they come into view. `sizes`: how wide it is drawn, so the browser
 * takes the smallest of its widths that is sharp on this screen (a card's, unless said otherwise).
 */
export function CoverImage({
  src,
  alt = "",
  priority = false,
  sizes = GRID_CARD_SIZES,
  className = "",
}: {
  src: string;
  alt?: string;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  return (
    <img
      src={src}
      {...pictureSources(src, sizes)}
      alt={alt}
      width={1200}
      height={800}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
      className={`aspect-[3/2] h-auto w-full ${className}`}
    />
  );
}
