import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const ONE_YEAR = 31_536_000;
const ONE_DAY = 86_400;

/** Serves the built browser files: hashed assets cached for a year, the rest (images, icons) for a day. */
export async function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  if (!existsSync(clientDir)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file found at start, so that every other path reaches the page renderer.
    wildcard: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes("/assets/");
      reply.header("cache-control", `public, max-age=${hashed ? ONE_YEAR : ONE_DAY}${hashed ? ", immutable" : ""}`);
    },
  });
}
