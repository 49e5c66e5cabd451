import { existsSync, mkdirSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { UPLOADS_PREFIX } from "./storage.js";

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

/** Serves uploaded files from disk (the embedded mode); their names are unique, so they never change. */
export async function registerUploads(app: FastifyInstance, uploadsDir: string) {
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header("cache-control", `public, max-age=${ONE_YEAR}, immutable`);
      reply.header("x-content-type-options", "nosniff");
    },
  });
}
