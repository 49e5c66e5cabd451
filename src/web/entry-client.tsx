import "./styles.css";
import { hydrate } from "@tanstack/react-query";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { AppProviders } from "./app/AppProviders";
import { APP_STATE_ELEMENT_ID } from "./app/document";
import type { InitialAppState } from "./app/initial-state";
import { loadNotFoundPage, matchPortalRoute, matchPublicRoute, portalLayouts } from "./app/routes";
import { trackTiming } from "./lib/analytics";
import { apiPathOf } from "./lib/api-query";
import { apiRequest } from "./lib/http";
import { createQueryClient } from "./lib/query-client";

const stateElement = document.getElementById(APP_STATE_ELEMENT_ID);
const state = JSON.parse(stateElement?.textContent ?? "{}") as { app?: InitialAppState; queries?: unknown };
const queryClient = createQueryClient(({ queryKey }) => apiRequest("GET", apiPathOf(queryKey)));
if (state.queries) hydrate(queryClient, state.queries);

const root = document.getElementById("root");
if (!root) throw new Error("the page has no #root element");

const app = (
  <BrowserRouter>
    <AppProviders
      queryClient={queryClient}
      seo={{ origin: state.app?.origin ?? window.location.origin, page: null, company: null, status: 200 }}
      notFound={state.app?.notFound ?? false}
    >
      <App />
    </AppProviders>
  </BrowserRouter>
);

// A failed chunk below is reported by the page's error boundary when React tries again.
const portalRoute = matchPortalRoute(window.location.pathname);
if (portalRoute) {
  // Portal screens are rendered here only: the server sent the splash screen, which this replaces.
  await Promise.all([portalRoute.load(), portalLayouts[portalRoute.layout].load()]).catch(() => {});
  createRoot(root).render(app);
} else {
  // Fetch the current page's code before hydrating, so what the visitor types meanwhile is not lost.
  const currentRoute = matchPublicRoute(window.location.pathname);
  await (currentRoute && !state.app?.notFound ? currentRoute.route.load() : loadNotFoundPage()).catch(() => {});
  hydrateRoot(root, app);
}

// SPEC §9: the 'app_initialization' timing event, about 100 ms after start.
setTimeout(() => trackTiming("app_initialization", performance.now()), 100);
