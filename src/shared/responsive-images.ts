/**
 * The site's own pictures are drawn as SVG (public/images) and served as WebP at these widths, made at build time
 * by build/responsive-images.ts as "<name>-<width>.webp" (docs/decisions/106-public-pages-start-light.md).
 * An SVG <img> is a whole document the browser builds on the page's main thread; a WebP is decoded off it.
 */
export const PICTURE_WIDTHS = [400, 800, 1200] as const;

const LARGEST = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];
const BUILT_PICTURE = new RegExp(`^/images/.+-${LARGEST}\\.webp$`);

/**
 * The srcset and sizes of an <img> of one of the site's own pictures (named by its largest width); nothing for any
 * other image (an upload, an SVG), which has one width only. `sizes`: how wide the picture is drawn.
 */
export function pictureSources(src: string, sizes: string): { srcSet?: string; sizes?: string } {
  if (!BUILT_PICTURE.test(src)) return {};
  const stem = src.slice(0, -`-${LARGEST}.webp`.length);
  return { srcSet: PICTURE_WIDTHS.map((width) => `${stem}-${width}.webp ${width}w`).join(", "), sizes };
}

/** How wide a card of the three-column grids is drawn (site and portal, 1,152 px wide): a phone's, half, a third. */
export const GRID_CARD_SIZES = "(min-width: 1024px) 368px, (min-width: 640px) 50vw, 100vw";
