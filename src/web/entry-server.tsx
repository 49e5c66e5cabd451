import { PassThrough } from "node:stream";
import { dehydrate } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { ApiError, unwrapEnvelope } from "../shared/api";
import type { SessionUser } from "../shared/auth";
import {
  isUnderViewerScreensPath,
  type PageViewer,
  type RenderPage,
  type RenderRequest,
  type RenderResult,
  type RendersForViewer,
} from "../shared/ssr";
import { productWording } from "../shared/wording";
import { App, loadPortalShell } from "./app/App";
import { AppProviders } from "./app/AppProviders";
import { documentHtml } from "./app/document";
import type { InitialAppState } from "./app/initial-state";
import {
  loadNotFoundPage,
  matchPortalRoute,
  matchPublicRoute,
  NOT_FOUND_PAGE_MODULE,
  PORTAL_SHELL_MODULE,
  type PortalRoute,
  portalLayouts,
  portalTitle,
} from "./app/routes";
import { SplashScreen } from "./components/ui/SplashScreen";
import { siteKeys } from "./features/site/queries";
import { apiPathOf } from "./lib/query/api-query";
import { createQueryClient } from "./lib/query/query-client";
import { headTags, type SeoCollector, serializeHeadTags } from "./lib/seo";
import { type RenderedPortal, type RenderedSession, renderedSnapshot } from "./lib/session/rendered-session";
import { createSiteData, type SiteData } from "./lib/site-data";

/** Renders everything, lazy pages included, before answering: crawlers get the whole page. */
function renderComplete(element: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      nonce,
      // Keep every finished Suspense boundary in place instead of moving it in with a script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failure) return reject(failure);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
  });
}

/** The whole app at the request's address, as the browser hydrates it; the page's head tags land in the collector. */
function renderApp(request: RenderRequest, siteData: SiteData, notFound: boolean, renderedPortal?: RenderedPortal) {
  const seo: SeoCollector = { origin: request.publicOrigin, page: null, company: null, status: 200 };
  const body = renderComplete(
    <StaticRouter location={request.url}>
      <AppProviders siteData={siteData} seo={seo} notFound={notFound} renderedPortal={renderedPortal}>
        <App />
      </AppProviders>
    </StaticRouter>,
    request.nonce,
  );
  return { seo, body };
}

/**
 * A portal screen's document: its title, a request to search engines not to index it, and the shell, the screen and
 * its layout fetched with the HTML rather than one after the other; with the body and the state the browser starts from.
 */
function portalDocument(
  route: PortalRoute,
  request: RenderRequest,
  parts: Pick<Parameters<typeof documentHtml>[0], "body" | "state" | "scripts" | "signedIn">,
): string {
  return documentHtml({
    head: serializeHeadTags([
      { tag: "title", attrs: {}, text: portalTitle(route) },
      { tag: "meta", attrs: { name: "robots", content: "noindex" } },
    ]),
    nonce: request.nonce,
    assets: request.assets,
    lazyModules: [PORTAL_SHELL_MODULE, route.module, portalLayouts[route.layout].module],
    ...parts,
  });
}

/** What every page's state says: the site's data the server loaded, and that the page exists. */
const appState = (request: RenderRequest, siteData: SiteData, notFound = false) => ({
  app: { notFound, origin: request.publicOrigin } satisfies InitialAppState,
  siteData: siteData.snapshot(),
});

/** A failed load of the site's data a screen shows fails its render (a public page turns a 404 into 'Page Not Found'). */
function throwFailedLoads(siteData: SiteData, paths: string[]) {
  for (const path of paths) {
    const entry = siteData.peek(path);
    if (entry && "error" in entry) throw entry.error;
  }
}

/**
 * A portal screen's first HTML. The sign-in screens need no session: they are rendered whole and hydrated, so the
 * form is on screen before any script runs (docs/decisions/108-sign-in-screens-server-rendered.md). The signed-in
 * screens are rendered in the browser only: their first HTML is the splash screen, which the browser then replaces
 * (but for the dashboard rendered for its viewer: renderForViewer). Search engines are asked not to index either.
 */
async function renderPortalScreen(route: PortalRoute, request: RenderRequest): Promise<RenderResult> {
  // The company details (name, banner, whether registration is open) come with the HTML, as on a public page, and
  // so does what a server-rendered screen shows.
  const siteData = siteDataOf(request);
  const paths = [siteKeys.company, ...(route.serverRendered ? (route.data ?? []) : [])].map(apiPathOf);
  await Promise.all(paths.map(siteData.load));
  let body: string;
  if (route.serverRendered) {
    throwFailedLoads(siteData, paths);
    // Loaded first, as the browser does before hydrating: nothing suspends, so no splash is rendered in their place.
    await Promise.all([loadPortalShell(), route.load(), portalLayouts[route.layout].load()]);
    body = await renderApp(request, siteData, false).body;
  } else {
    body = await renderComplete(<SplashScreen />, request.nonce);
    // Their code tells what the screen and its layout show first, which the HTML asks for once the session is renewed.
    await Promise.all([route.load(), portalLayouts[route.layout].load()]);
  }
  return {
    status: 200,
    html: portalDocument(route, request, {
      body,
      state: appState(request, siteData),
      // A rendered screen starts its scripts as a public page does, once it is on screen; the splash at once.
      scripts: route.serverRendered ? "after-load" : "at-once",
      signedIn:
        route.layout === "portal"
          ? { firstData: [...portalLayouts.portal.firstData(), ...route.firstData()].map((data) => data.path) }
          : undefined,
    }),
    // The signed-in screens only: a sign-in screen holds nothing another site's window could use, and the opener
    // isolation would cost it a fresh renderer process (docs/decisions/108-sign-in-screens-server-rendered.md).
    isolated: !route.serverRendered,
  };
}

/**
 * A signed-in screen rendered for its viewer (docs/decisions/111-dashboard-rendered-for-its-viewer.md): the server asks
 * the API, as them, who they are and what the screen and its layout show first, renders the screen with it, and hands
 * the browser the same (the session, the answers), with which it hydrates. Never cached: the page routes send it to
 * this request only.
 */
async function renderForViewer(route: PortalRoute, request: RenderRequest, viewer: PageViewer): Promise<RenderResult> {
  const siteData = siteDataOf(request);
  const asViewer = async (path: string) => {
    const response = await request.fetchApi(`/api${path}`, viewer.accessToken);
    return unwrapEnvelope(response.status, response.body, productWording.internalError);
  };
  const companyPath = apiPathOf(siteKeys.company);
  await Promise.all([siteData.load(companyPath), loadPortalShell(), route.load(), portalLayouts.portal.load()]);
  throwFailedLoads(siteData, [companyPath]);
  const user = (await asViewer("/auth/profile")) as SessionUser;
  const queryClient = createQueryClient(() => Promise.reject(new Error("the server's render reads only what it was given")));
  // An answer that cannot be read now is left to the browser: its part shows as loading, then the browser asks.
  await Promise.all(
    [...portalLayouts.portal.firstData(), ...route.firstData()].map(async (data) => {
      const answer = await asViewer(data.path).catch(() => undefined);
      if (answer !== undefined) data.seed(queryClient, answer);
    }),
  );
  const renderedAt = Date.now();
  const body = await renderApp(request, siteData, false, { snapshot: renderedSnapshot(user), queryClient, renderedAt }).body;
  const portal: RenderedSession = { user, accessToken: viewer.accessToken, queries: dehydrate(queryClient), renderedAt };
  // Its queries' timers (how long each is kept) end with the render.
  queryClient.clear();
  return {
    status: 200,
    html: portalDocument(route, request, {
      body,
      state: { ...appState(request, siteData), portal },
      // Its HTML is the screen: the scripts start once it is on screen, as a public page's do.
      scripts: "after-load",
      signedIn: { renderedFor: user.id },
    }),
    isolated: true,
  };
}

/** The site's data as the server's render loads it: through the API in this process, never retried. */
const siteDataOf = (request: RenderRequest) =>
  createSiteData(async (path) => {
    const response = await request.fetchApi(`/api${path}`);
    return unwrapEnvelope(response.status, response.body, productWording.internalError);
  });

export const render: RenderPage = async (request) => {
  const url = new URL(request.url, request.publicOrigin);
  const portalRoute = matchPortalRoute(url.pathname);
  if (portalRoute?.rendersForViewer && request.viewer) return renderForViewer(portalRoute, request, request.viewer);
  if (portalRoute) return renderPortalScreen(portalRoute, request);

  // The server's render does not retry (docs/product.md#toasts-and-query-cache).
  const siteData = siteDataOf(request);
  const match = matchPublicRoute(url.pathname);
  const paths = [siteKeys.company, ...(match ? match.route.data(match.params, url.searchParams) : [])].map(apiPathOf);
  await Promise.all(paths.map(siteData.load));
  let notFound = !match;
  for (const path of paths) {
    const entry = siteData.peek(path);
    if (!entry || !("error" in entry)) continue;
    // Refused as malformed (a slug with a space, a page number beyond any list) is no such page either.
    if (entry.error instanceof ApiError && (entry.error.status === 404 || entry.error.status === 400)) notFound = true;
    else throw entry.error;
  }

  // The page's code first, as the browser does before hydrating: a page that suspended here would render its
  // fallback (the splash) too, and React would preload the splash's logo on every public page.
  await (match && !notFound ? match.route.load() : loadNotFoundPage());

  const rendered = renderApp(request, siteData, notFound);
  const body = await rendered.body;
  const { seo } = rendered;
  const head = seo.page ? serializeHeadTags(headTags(seo.page, seo.company, request.publicOrigin)) : "";
  return {
    status: seo.status,
    html: documentHtml({
      head,
      body,
      state: appState(request, siteData, notFound),
      nonce: request.nonce,
      assets: request.assets,
      lazyModules: [match && !notFound ? match.route.module : NOT_FOUND_PAGE_MODULE],
      scripts: "after-load",
    }),
    isolated: false,
  };
};

// Asked of every page: matching the portal's routes cost a fifth of a cached page's time (bench/http.ts), so only
// where the screen cookie can come.
export const rendersForViewer: RendersForViewer = (url) => {
  const pathname = url.split("?")[0] ?? "";
  return isUnderViewerScreensPath(pathname) && matchPortalRoute(pathname)?.rendersForViewer === true;
};
