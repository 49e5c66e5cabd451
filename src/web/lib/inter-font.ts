/**
 * Inter is drawn only once this browser has it in its cache (docs/decisions/031-metric-matched-fallback-font.md):
 * a first visit is drawn in the metric-matched fallback and fetches Inter when the page is idle, so its 47 KB never
 * compete with the page's own bytes on a phone's connection; later pages start with Inter in the font stack.
 */
const INTER_CACHED_KEY = "inter-cached";

/** Runs in <head> before the page paints: Inter joins the font stack (styles.css) when it was cached before. */
export const interBootScript = `try{localStorage.getItem(${JSON.stringify(INTER_CACHED_KEY)})&&(document.documentElement.dataset.font="inter")}catch(e){}`;

/** Fetches Inter into the cache for the next pages, without drawing this one in it (nothing moves). */
export function cacheInterForNextPages() {
  if (document.documentElement.dataset.font === "inter") return;
  document.fonts
    .load("1em Inter")
    .then((faces) => {
      if (faces.length > 0) localStorage.setItem(INTER_CACHED_KEY, "1");
    })
    .catch(() => {});
}
