/**
 * A 3:2 photo of the public site, decorative unless given an alt text. `priority`: the screen's main
 * image, fetched first; the others load as they come into view.
 */
export function CoverImage({
  src,
  alt = "",
  priority = false,
  className = "",
}: {
  src: string;
  alt?: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={1200}
      height={800}
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
      className={`aspect-[3/2] h-auto w-full ${className}`}
    />
  );
}
