import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  OUTBOX_SYNC_MESSAGE,
  OUTBOX_SYNC_TAG,
  SERVICE_WORKER_PATH,
  SITE_APP_MANIFEST_PATH,
  SITE_PATH,
  siteAppManifest,
} from "../../shared/site-app.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";

// The built files are read only: one server for the whole file (the build is `npm run build`'s).
const { server } = setUpTestServer({}, { once: true });

const get = (path: string) => fetch(server().url(path));

/** The scripts a public page starts once loaded (document.ts writes their list into the page). */
function publicScriptsOf(html: string): string[] {
  const list = /\(function\(f,n\)\{.*?\}\)\((\{"entryScript".*?\}),document\.currentScript\.nonce\)/.exec(html)?.[1];
  if (!list) throw new Error("no script list in the page");
  const files = JSON.parse(list) as { entryScript: string; modulePreloads: string[] };
  return [files.entryScript, ...files.modulePreloads];
}

describe("the site app in the build", () => {
  it("serves the service worker never cached, keeping the shell's files and no API answer", async () => {
    const response = await get(SERVICE_WORKER_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const script = await response.text();
    const precache = JSON.parse(/const PRECACHE_FILES = (\[.*?\]);/.exec(script)?.[1] ?? "[]") as string[];
    expect(precache.some((file) => /\/SitePage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(precache.some((file) => /\/PortalLayout-[\w-]+\.js$/.test(file))).toBe(true);
    expect(precache.some((file) => file.endsWith(".css"))).toBe(true);
    expect(precache.some((file) => file.endsWith(".woff2"))).toBe(true);
    expect(precache.every((file) => file.startsWith("/assets/"))).toBe(true);
    // Every file it keeps at install is there: one missing would fail the install.
    const answers = await Promise.all(precache.map((file) => get(file).then((answer) => answer.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(script).not.toContain("/api");
    // Background Sync: the worker answers the page's tag with the message the page listens for.
    expect(script).toContain(`"${OUTBOX_SYNC_TAG}"`);
    expect(script).toContain(`"${OUTBOX_SYNC_MESSAGE}"`);
  });

  it("serves the manifest with its fields and icons of the sizes it states", async () => {
    const response = await get(SITE_APP_MANIFEST_PATH);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as ReturnType<typeof siteAppManifest>;
    expect(manifest).toEqual(siteAppManifest());
    expect(manifest).toMatchObject({ name: "Crestbuild Site", short_name: "Site", start_url: "/site", scope: "/", display: "standalone" });
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.headers.get("content-type")).toBe("image/png");
      const { width, height } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(manifest.icons.map((icon) => icon.purpose)).toEqual(["any", "any", "maskable"]);
  });

  it("links the manifest from the portal's screens and lets the worker run", async () => {
    const response = await get(SITE_PATH);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<link rel="manifest" href="${SITE_APP_MANIFEST_PATH}">`);
    expect(response.headers.get("content-security-policy")).toContain("worker-src 'self'");
  });

  it.each(["/", "/about", "/contact", "/blog"])(
    "leaves %s without the manifest, and its scripts without the worker's registration",
    async (path) => {
      const html = await (await get(path)).text();
      expect(html).not.toContain(SITE_APP_MANIFEST_PATH);
      expect(html).not.toContain(SERVICE_WORKER_PATH);
      const scripts = await Promise.all(publicScriptsOf(html).map(async (file) => (await get(file)).text()));
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.includes("serviceWorker"), "a public script registers the worker").toBe(false);
    },
  );
});
