import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module whether it runs as source or bundled into dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above the server code");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, "src", "server", "db", "migrations");
export const contentDir = path.join(projectRoot, "content");
