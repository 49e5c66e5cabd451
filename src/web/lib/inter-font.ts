/**
 * Inter is drawn only once this tab has fetched it (docs/decisions/031-metric-matched-fallback-font.md): the first
 * page of a visit is drawn in the metric-matched fallback and fetches Inter when the page is idle, so its 47 KB never
 * compete with the page's own bytes on a phone's connection; the visit's later pages start with Inter in the font
 * stack. Noted for the tab (session storage), not for ever: a browser that has since dropped Inter from its cache
 * would otherwise fetch it before its first paint (decision 102).
 */
const INTER_CACHED_KEY = "inter-cached";

/** Runs in <head> before the page paints: Inter joins the font stack (styles.css) when it was cached before. */
export const interBootScript = `try{sessionStorage.getItem(${JSON.stringify(INTER_CACHED_KEY)})&&(document.documentElement.dataset.font="inter")}catch(e){}`;

/** Fetches Inter into the cache for the next pages, without drawing this one in it (nothing moves). */
export function cacheInterForNextPages() {
  if (document.documentElement.dataset.font === "inter") return;
  document.fonts
    .load("1em Inter")
    .then((faces) => {
      if (faces.length > 0) sessionStorage.setItem(INTER_CACHED_KEY, "1");
    })
    .catch(() => {});
}
