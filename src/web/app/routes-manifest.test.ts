import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { NOT_FOUND_PAGE_MODULE, PORTAL_SHELL_MODULE, portalLayouts, portalRoutes, publicRoutes } from "./routes";

type Manifest = Record<string, { isDynamicEntry?: boolean }>;

// The server preloads a page's chunk under its source file's key in the build manifest (src/server/ssr/renderer.ts).
// When a page shares a module with another lazily loaded one, Rolldown can name the chunk after it and drop that key:
// the page still works, but its chunk is found only once the entry runs. Needs `npm run build`.
it("every page, layout and the portal's shell is a chunk of its own under its source file in the build manifest", () => {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Manifest;
  const modules = [
    ...publicRoutes.map((route) => route.module),
    NOT_FOUND_PAGE_MODULE,
    ...portalRoutes.map((route) => route.module),
    ...Object.values(portalLayouts).map((layout) => layout.module),
    PORTAL_SHELL_MODULE,
  ];
  const missing = modules.filter((module) => manifest[module]?.isDynamicEntry !== true);
  expect(missing).toEqual([]);
});

type ManifestChunk = { name?: string; imports?: string[] };

// The public pages carry neither the session nor the query cache (docs/decisions/032-public-bundle-without-the-portal.md):
// the build's `portal` group holds them for the portal's screens, and a public page that imported one of its modules
// would fetch all of it (decision 110). Needs `npm run build`.
it("no public page loads the portal's shared code", () => {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<string, ManifestChunk>;
  const loadedWith = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) loadedWith(imported, seen);
    return seen;
  };
  const portalChunks = Object.keys(manifest).filter((key) => manifest[key]?.name === "portal");
  expect(portalChunks).toHaveLength(1);
  for (const module of [...publicRoutes.map((route) => route.module), NOT_FOUND_PAGE_MODULE]) {
    const chunks = loadedWith(module, loadedWith("src/web/entry-client.tsx"));
    expect(
      [...chunks].filter((key) => portalChunks.includes(key)),
      module,
    ).toEqual([]);
  }
  // The portal's shell does load it: the group is in use.
  expect([...loadedWith(PORTAL_SHELL_MODULE)].some((key) => portalChunks.includes(key))).toBe(true);
});
