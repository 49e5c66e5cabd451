/**
 * The site app's service worker (docs/decisions/150-site-app-service-worker.md), built by build/site-app.ts into
 * /sw.js with the build's own list of files. It keeps the portal's app shell so that /site opens with no network:
 * - the built scripts, styles and fonts /site needs (named by the build) and any other built file once fetched: they
 *   are the same for everyone and never change under their name;
 * - the HTML of /site, the shell every portal path opens from when the network does not answer.
 * It never keeps an API answer: /api is not touched (a person's data for offline reading is in IndexedDB, per user).
 * Background Sync: when the network returns it wakes the open pages, which send the site app's outbox.
 * A new version waits until every tab of the old one is closed and takes over at the next open: no page runs half old.
 */

/** Written in by the build: the files to keep at install, and the version that names this build's cache. */
declare const PRECACHE_FILES: string[];
declare const BUILD_VERSION: string;

// The worker's own types, kept small: the project's TypeScript settings describe a page (DOM), not a worker.
type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response>): void };
type SyncEvent = ExtendableEvent & { tag: string };
type WorkerScope = {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  location: Location;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ postMessage(message: unknown): void }[]>;
  };
};
const worker = self as unknown as WorkerScope;

const CACHE_PREFIX = "crestbuild-shell-";
const CACHE_NAME = `${CACHE_PREFIX}${BUILD_VERSION}`;
/** The page every portal path opens from offline: a signed-in screen's HTML is the splash, the same for everyone. */
const SHELL_PATH = "/site";
/** The signed-in area's paths (the router draws them from the shell); public pages are not served from it. */
const PORTAL_PATH = /^\/(site|dashboard|settings|security|admin|analytics|call)(\/|$)/;

async function keepShell() {
  const cache = await caches.open(CACHE_NAME);
  // The shell's HTML is asked for without cookies: it must never be a screen rendered for a viewer.
  const shell = await fetch(SHELL_PATH, { credentials: "omit", cache: "no-store" });
  if (!shell.ok) throw new Error(`The shell answered ${shell.status}`);
  await Promise.all([cache.addAll(PRECACHE_FILES), cache.put(SHELL_PATH, shell)]);
}

worker.addEventListener("install", (event) => {
  event.waitUntil(keepShell());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)));
      // The first version takes the open page at once (nothing older runs in it); later ones wait for the next open.
      await worker.clients.claim();
    })(),
  );
});

/** A built file: from the cache, else fetched and kept (its name changes whenever its content does). */
async function builtFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

/** A portal page: from the network; when it does not answer, the kept shell (the router draws the path). */
async function portalPage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PATH, { cacheName: CACHE_NAME });
    if (shell) return shell;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(builtFile(request));
  else if (request.mode === "navigate" && PORTAL_PATH.test(url.pathname)) event.respondWith(portalPage(request));
});

/**
 * Background Sync (docs/decisions/151-site-app-outbox.md): the page registers this tag when it keeps something to
 * send; the browser fires it once the network is back, and the worker tells the open pages to send (it cannot send
 * itself: the access token lives in the page's memory only). The names are OUTBOX_SYNC_TAG and OUTBOX_SYNC_MESSAGE of
 * src/shared/site-app.ts (this file is compiled without imports).
 */
worker.addEventListener("sync", (event) => {
  if (event.tag !== "crestbuild-outbox") return;
  event.waitUntil(
    (async () => {
      const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: "crestbuild-outbox-sync" });
    })(),
  );
});
