/**
 * The logo mark (public/brand/logo.svg), drawn in the page itself: as an <img>, an SVG is a document of its own that
 * the browser builds on the main thread while the page starts (docs/decisions/106-public-pages-start-light.md).
 * Decorative: the name beside it, or the link's label, says what it is.
 */
export function BrandMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden focusable="false" className={className}>
      <path d="M256 24L456 92V248C456 372 368 452 256 492C144 452 56 372 56 248V92Z" fill="#051822" />
      <path d="M256 24L456 92V248C456 372 368 452 256 492Z" fill="#2D383E" />
      <path d="M256 58L424 116V248C424 350 352 418 256 456C160 418 88 350 88 248V116Z" fill="none" stroke="#7C5841" strokeWidth="6" />
      <path d="M112 272L256 148L400 272" fill="none" stroke="#AA7452" strokeWidth="36" strokeLinejoin="miter" />
      <path d="M172 322L256 250L340 322" fill="none" stroke="#FFFFFF" strokeWidth="26" strokeLinejoin="miter" />
      <path d="M196 340h120v70H196z" fill="#D4C9C7" />
      <path d="M240 358h32v52h-32z" fill="#051822" />
    </svg>
  );
}
