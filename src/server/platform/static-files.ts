import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { SERVICE_WORKER_PATH } from "../../shared/site-app.js";
import { type ObjectStore, UPLOADS_PREFIX } from "./storage.js";

const ONE_YEAR = 31_536_000;
const ONE_DAY = 86_400;

// Headers that only mean something on a document (helmet sets them on every response). A page's scripts
// carry them for nothing: a kilobyte each, a few per cent of a phone's first-load budget.
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/** Serves the built browser files: hashed assets cached for a year, the service worker never, the rest (images, icons) for a day. */
export async function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  if (!existsSync(clientDir)) return;
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/assets/") && reply.statusCode < 400) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file found at start, so that every other path reaches the page renderer.
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build wrote .br and .gz beside each text file (build/precompress.ts).
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
    setHeaders: (reply, filePath) => {
      // The service worker is checked for a new version at every open of the app: never kept stale (sent as built or
      // as its precompressed copy).
      if (filePath.replace(/\.(br|gz)$/, "").endsWith(SERVICE_WORKER_PATH)) {
        reply.header("cache-control", "no-cache");
        return;
      }
      const hashed = filePath.includes("/assets/");
      reply.header("cache-control", `public, max-age=${hashed ? ONE_YEAR : ONE_DAY}${hashed ? ", immutable" : ""}`);
    },
  });
}

const uploadTypes: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };
// Generated names only: letters, digits, dashes, underscores, dots and folders; never ".." nor a private folder.
const PUBLIC_UPLOAD_KEY = /^(?!projects\/|messages\/)[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z]+$/;

/** Serves the public uploads (avatars, blog covers) from the store; their names are unique, so they never change. */
export function registerUploads(app: FastifyInstance, uploads: ObjectStore) {
  app.get(`${UPLOADS_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const type = uploadTypes[key.split(".").pop() ?? ""];
    const stored = type && PUBLIC_UPLOAD_KEY.test(key) ? await uploads.open(key) : null;
    if (!stored) return reply.callNotFound();
    return reply
      .type(type ?? "application/octet-stream")
      .header("content-length", String(stored.sizeBytes))
      .header("cache-control", `public, max-age=${ONE_YEAR}, immutable`)
      .header("x-content-type-options", "nosniff")
      .send(stored.stream);
  });
}
