/**
 * Inter is drawn only once this tab has fetched it (docs/decisions/031-metric-matched-fallback-font.md): the first
 * page of a visit is drawn in the metric-matched fallback and fetches Inter when the page is idle, so its 47 KB never
 * compete with the page's own bytes on a phone's connection; the visit's later pages start with Inter in the font
 * stack. Noted for the tab (session storage), not for ever: a browser that has since dropped Inter from its cache
 * would otherwise fetch it before its first paint (decision 102).
 */
// The same file as styles.css's @font-face, so the same hashed URL: what is prefetched is what the next page asks for.
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export const INTER_CACHED_KEY = "inter-cached";

/**
 * Fetches Inter into the HTTP cache for the next pages, without drawing this one in it (nothing moves). A prefetch,
 * at the lowest priority: asked for through the font API, it was fetched at the highest, as if the page's first
 * paint waited for it (docs/decisions/106-public-pages-start-light.md).
 */
export function cacheInterForNextPages() {
  if (document.documentElement.dataset.font === "inter") return;
  const link = document.createElement("link");
  link.rel = "prefetch";
  link.as = "font";
  link.type = "font/woff2";
  link.crossOrigin = "anonymous";
  link.href = interUrl;
  link.addEventListener("load", () => {
    try {
      sessionStorage.setItem(INTER_CACHED_KEY, "1");
    } catch {
      // Storage refused (a private window's quota): the next page is drawn in the fallback and fetches Inter again.
    }
  });
  document.head.append(link);
}
