import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RenderResult } from "../../shared/ssr.js";
import type { ScreenViewer } from "../platform/authenticate.js";
import { innerRequestHeaders } from "../platform/request-ids.js";
import { acceptsGzip } from "./gzip-parts.js";
import { type CachedPage, cachedPage, createPageCache, matchesEtag, pageUrlOf } from "./page-cache.js";
import type { PageRenderer } from "./renderer.js";
import { createViewerRenderLimit } from "./viewer-renders.js";

// Browsers check back each time (a 304 when nothing changed); a CDN may keep a page a minute, and serve it a
// little longer while it fetches the next one. Each copy it keeps has one nonce, matched by its own CSP header.
const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=30";
// A screen rendered for its viewer holds their data: kept by no cache, not even the browser's.
const VIEWER_PAGE_CACHE_CONTROL = "private, no-store";

/**
 * Every GET outside /api and the static files is a page, rendered by React on the server and kept by its path, the
 * query parameters pages read (pageUrlOf) and the content version (docs/decisions/034-rendered-page-cache.md,
 * docs/decisions/118-bad-input-and-admin-guards.md); each response gets its own CSP nonce. The dashboard is rendered
 * for its viewer when their screen cookie says who they are, and kept by nobody
 * (docs/decisions/111-dashboard-rendered-for-its-viewer.md).
 */
export async function pageRoutes(
  app: FastifyInstance,
  options: { renderer: PageRenderer; publicOrigin: string; contentVersion: () => Promise<number>; screenViewer: ScreenViewer },
) {
  const { renderer, publicOrigin, contentVersion, screenViewer } = options;
  // Younger than the browser's staleTime (5 minutes, query-client.ts): the data in a cached page never looks stale
  // when it hydrates, so the browser does not fetch it again.
  const cache = createPageCache({ maxEntries: 500, maxAgeMs: 4 * 60_000 });
  // Rendered into the cached HTML where the nonce goes; never sent, so no content can contain it on purpose.
  const placeholderNonce = randomBytes(16).toString("base64url");

  // Requests for a page being rendered wait for that rendering rather than starting their own.
  const rendering = new Map<string, Promise<CachedPage>>();
  const renderOnce = (url: string, requestId: string, version: number) => {
    const key = `${version} ${url}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(url, requestId, version).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };

  /** The API in this process, as the page's request (its id in the log) and, with a token, as its viewer. */
  const apiFor =
    (requestId: string) =>
    async (path: string, accessToken?: string): Promise<{ status: number; body: unknown }> => {
      const headers: Record<string, string> = innerRequestHeaders(requestId);
      if (accessToken) headers.authorization = `Bearer ${accessToken}`;
      const response = await app.inject({ method: "GET", url: path, headers });
      return { status: response.statusCode, body: response.json() };
    };

  const render = async (url: string, requestId: string, version: number) => {
    const result = await renderer.render({
      url,
      nonce: placeholderNonce,
      publicOrigin,
      assets: renderer.assets,
      fetchApi: apiFor(requestId),
    });
    const page = cachedPage({ ...result, url, build: renderer.assets.entryScript }, placeholderNonce, version);
    cache.set(url, version, page);
    return page;
  };

  /** The page for this request; when it cannot be rendered (the database is away), its last good copy if any. */
  const pageFor = async (url: string, requestId: string): Promise<{ page: CachedPage; copy: boolean }> => {
    let page: CachedPage;
    try {
      const version = await contentVersion();
      page = (renderer.live ? undefined : cache.get(url, version)) ?? (await renderOnce(url, requestId, version));
    } catch (error) {
      const copy = cache.lastGood(url);
      if (!copy) throw error;
      return { page: copy, copy: true };
    }
    const copy = page.status >= 500 ? cache.lastGood(url) : undefined;
    return copy ? { page: copy, copy: true } : { page, copy: false };
  };

  const viewerRenders = createViewerRenderLimit();

  /** The screen rendered for the person whose screen cookie came with the request; null when it is not theirs to have. */
  const viewerPage = async (request: FastifyRequest, reply: FastifyReply): Promise<RenderResult | null> => {
    const viewer = await screenViewer(request);
    if (!viewer || !viewerRenders.take(viewer.userId)) return null;
    try {
      return await renderer.render({
        url: request.url,
        nonce: reply.scriptNonce,
        publicOrigin,
        assets: renderer.assets,
        fetchApi: apiFor(request.id),
        viewer: { accessToken: viewer.accessToken },
      });
    } catch (error) {
      // The shared page (the splash, which the browser completes) still opens the screen.
      request.log.warn({ err: error }, "a screen could not be rendered for its viewer: the shared page is served");
      return null;
    }
  };

  // A signed-in screen opened from a page (another site's, or one of ours that another site may hold) is kept from
  // its opener. One the person opened themselves (the address bar, a bookmark, a new tab) has no opener to be kept
  // from, and is spared the fresh renderer process the isolation costs (docs/decisions/110-signed-in-screens-start-lighter.md).
  const isolate = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers["sec-fetch-site"] !== "none") reply.header("cross-origin-opener-policy", "same-origin");
  };

  // The sign-in screens come rendered and their forms say method="post": one sent before the page's scripts took it
  // over (a password manager submitting at once) comes here, is not read, and goes back to its page, so that what was
  // typed never ends up in an address. The API itself takes JSON only.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, _body, done) =>
    done(null, null),
  );
  app.post("/*", async (request, reply) => {
    // The path only, on this site: "//elsewhere" must not become an address on another host.
    const path = `/${new URL(request.url, publicOrigin).pathname.replace(/^\/+/, "")}`;
    return reply.redirect(path, 303);
  });

  app.get("/*", async (request, reply) => {
    const forViewer = renderer.rendersForViewer(request.url);
    const personal = forViewer ? await viewerPage(request, reply) : null;
    if (personal) {
      reply.header("cache-control", VIEWER_PAGE_CACHE_CONTROL).header("vary", "accept-encoding, cookie, sec-fetch-site");
      if (personal.isolated) isolate(request, reply);
      return reply.status(personal.status).type("text/html; charset=utf-8").send(personal.html);
    }

    const { page, copy } = await pageFor(pageUrlOf(request.url), request.id);
    // A stand-in while the database is away: no shared cache may keep it.
    if (copy) reply.header("x-page-copy", "last-good");
    const varies = ["accept-encoding", ...(forViewer ? ["cookie"] : []), ...(page.isolated ? ["sec-fetch-site"] : [])];
    reply
      .header("cache-control", copy ? "no-cache" : PAGE_CACHE_CONTROL)
      .header("etag", page.etag)
      .header("vary", varies.join(", "));
    if (page.isolated) isolate(request, reply);
    if (page.status === 200 && matchesEtag(request.headers["if-none-match"], page.etag)) {
      // The browser keeps the copy it has, with the nonce it came with: a new CSP here would not match it.
      reply.removeHeader("content-security-policy");
      return reply.status(304).send();
    }
    reply.status(page.status).type("text/html; charset=utf-8");
    // Compressed once when cached; only the nonce is compressed per response (gzip-parts.ts).
    if (acceptsGzip(request.headers["accept-encoding"]))
      return reply.header("content-encoding", "gzip").send(page.gzip.join(reply.scriptNonce));
    return reply.send(page.parts.join(reply.scriptNonce));
  });
}
