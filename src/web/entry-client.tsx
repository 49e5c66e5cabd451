import "./styles.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, adoptRenderedPortal, loadPortalShell } from "./app/App";
import { AppProviders } from "./app/AppProviders";
import { APP_STATE_ELEMENT_ID } from "./app/document";
import type { InitialAppState } from "./app/initial-state";
import { loadNotFoundPage, matchPortalRoute, matchPublicRoute, portalLayouts } from "./app/routes";
import { trackTiming } from "./lib/analytics";
import { cacheInterForNextPages } from "./lib/inter-font";
import { type RenderedPortal, type RenderedSession, SESSION_MISMATCH_CLASS } from "./lib/session/rendered-session";
import { createSiteData } from "./lib/site-data";

// Zod compiles validators with `new Function` unless told not to, and probes for it as each schema is made: the
// Content-Security-Policy forbids it and the browser reports every attempt. Zod reads this global when it loads,
// which is after this line (only lazily loaded screens use it), so the probe never runs.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const stateElement = document.getElementById(APP_STATE_ELEMENT_ID);
const state = JSON.parse(stateElement?.textContent ?? "{}") as {
  app?: InitialAppState;
  siteData?: Record<string, unknown>;
  /** A signed-in screen rendered for its viewer: their session and the answers it shows. */
  portal?: RenderedSession;
};
// A page rendered for its viewer brought their access token: from here on it lives in memory only (decision 015).
if (state.portal) stateElement?.remove();
// The HTTP client (the session's token) and the retry rules are loaded at the first fetch: the first page's data came
// with its HTML. This cache has no query library to retry for it, so it retries its loads itself.
const siteData = createSiteData(async (path) => {
  const [{ apiRequest }, { withRetries }] = await Promise.all([import("./lib/http/client"), import("./lib/http/retry")]);
  return withRetries(() => apiRequest("GET", path));
}, state.siteData);
// Refetch on reconnect (docs/product.md#toasts-and-query-cache): what is shown is refreshed once back online.
window.addEventListener("online", () => siteData.invalidate());

const root = document.getElementById("root");
if (!root) throw new Error("the page has no #root element");

const appWith = (renderedPortal: RenderedPortal | null = null) => (
  <BrowserRouter>
    <AppProviders
      siteData={siteData}
      seo={{ origin: state.app?.origin ?? window.location.origin, page: null, company: null, status: 200 }}
      notFound={state.app?.notFound ?? false}
      renderedPortal={renderedPortal}
    >
      <App />
    </AppProviders>
  </BrowserRouter>
);

/** Runs `work` once the page has loaded and is idle: no part of the first load. */
function whenIdle(work: () => void) {
  const schedule = () => ("requestIdleCallback" in window ? requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 2000));
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}

// A failed chunk below is reported by the page's error boundary when React tries again. The first render (or
// hydration) is a transition, so React does it in slices that let the browser handle input in between, rather than
// in one long task.
const portalRoute = matchPortalRoute(window.location.pathname);
if (portalRoute) {
  await Promise.all([loadPortalShell(), portalRoute.load(), portalLayouts[portalRoute.layout].load()]).catch(() => {});
  // A screen rendered for its viewer is hydrated when this browser's session is theirs; otherwise drawn anew.
  const renderedPortal = state.portal ? await adoptRenderedPortal(state.portal).catch(() => null) : null;
  document.documentElement.classList.remove(SESSION_MISMATCH_CLASS);
  // The sign-in screens came rendered: hydrated. The signed-in ones came as the splash screen, which this replaces.
  const app = appWith(renderedPortal);
  if (portalRoute.serverRendered || renderedPortal) startTransition(() => void hydrateRoot(root, app));
  else startTransition(() => createRoot(root).render(app));
} else {
  // Fetch the current page's code before hydrating, so what the visitor types meanwhile is not lost.
  const currentRoute = matchPublicRoute(window.location.pathname);
  await (currentRoute && !state.app?.notFound ? currentRoute.route.load() : loadNotFoundPage()).catch(() => {});
  startTransition(() => {
    hydrateRoot(root, appWith());
  });
  // docs/api.md#analytics: the cookieless beacon.
  whenIdle(() => {
    import("./lib/beacon").then(({ startBeacon }) => startBeacon((path) => matchPublicRoute(path) !== null)).catch(() => {});
  });
}
whenIdle(cacheInterForNextPages);

// docs/product.md#app-shell: the 'app_initialization' timing event, about 100 ms after start.
setTimeout(() => trackTiming("app_initialization", performance.now()), 100);
