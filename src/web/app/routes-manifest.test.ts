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
