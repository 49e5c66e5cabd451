import type { Metric } from "web-vitals";

/**
 * The public pages' own analytics (docs/api.md#analytics): page views and real-user Web Vitals sent with
 * navigator.sendBeacon to POST /api/analytics/collect. No cookie, no storage, nothing personal; nothing at all
 * when the browser asks not to be tracked. Loaded once the page is idle (entry-client.tsx), never with the first load.
 */
export function startBeacon(isPublic: (path: string) => boolean) {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (privacy.doNotTrack === "1" || privacy.globalPrivacyControl === true || !navigator.sendBeacon) return;
  const send = (beacon: Record<string, unknown>) =>
    navigator.sendBeacon("/api/analytics/collect", JSON.stringify({ width: window.innerWidth, ...beacon }));

  let counted = "";
  const pageView = (referrer?: string) => {
    const path = window.location.pathname.slice(0, 512);
    if (path === counted || !isPublic(path)) return;
    counted = path;
    send({ kind: "pageview", path, ...(referrer ? { referrer } : {}) });
  };
  pageView(document.referrer);
  // The router moves between pages with pushState and popstate: each public page it opens is a view.
  const pushState = history.pushState.bind(history);
  history.pushState = (...args: Parameters<History["pushState"]>) => {
    pushState(...args);
    pageView();
  };
  window.addEventListener("popstate", () => pageView());

  // The Web Vitals are those of the page first loaded (web-vitals measures that load), each sent when final.
  // The package is a chunk of its own, so that this script stays within 2 KB compressed.
  const firstPath = counted;
  if (!firstPath) return;
  const vital = (metric: Metric) => send({ kind: metric.name, path: firstPath, value: metric.value });
  import("web-vitals")
    .then(({ onCLS, onINP, onLCP, onTTFB }) => {
      for (const measure of [onLCP, onINP, onCLS, onTTFB]) measure(vital);
    })
    .catch(() => {});
}
