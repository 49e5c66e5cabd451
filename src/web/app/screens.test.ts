import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { NOT_FOUND_PAGE_MODULE, portalRoutes, publicRoutes, SCREEN_FILES } from "./routes";

const routedFiles = new Set([
  ...publicRoutes.map((route) => route.module),
  NOT_FOUND_PAGE_MODULE,
  ...portalRoutes.map((route) => route.module),
]);

// What a new screen is missing, said by name (docs/adding-a-screen.md).
it("every screen file under src/web/pages has a route, and every route names a screen that exists", () => {
  const onDisk = readdirSync("src/web/pages", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("Page.tsx"))
    .map((file) => path.posix.join("src/web/pages", file.split(path.sep).join("/")))
    .sort();
  expect(SCREEN_FILES.slice().sort()).toEqual(onDisk);
  expect(onDisk.filter((file) => !routedFiles.has(file)).map((file) => `${file} has no route in src/web/app/routes.ts`)).toEqual([]);
  expect([...routedFiles].filter((file) => !onDisk.includes(file))).toEqual([]);
});

it("every portal screen has a title, and every path one screen", () => {
  const untitled = portalRoutes.filter((route) => route.title.trim() === "").map((route) => route.path);
  expect(untitled).toEqual([]);
  const paths = [...publicRoutes, ...portalRoutes].map((route) => route.path);
  expect(paths.filter((routePath, index) => paths.indexOf(routePath) !== index)).toEqual([]);
});
