import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createServer } from "vite";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { projectRoot } from "./paths.js";
import { createDevRenderer } from "./ssr/dev-renderer.js";

// What Vite serves itself: its client, the browser's modules from source, the dependencies it prepared, the public
// folder (with the pictures' WebP sizes, build/responsive-images.ts). Everything else is the app's, as in production.
const VITE_PATHS = /^\/(@vite\/|@react-refresh|@id\/|@fs\/|src\/|node_modules\/|images\/)/;
const publicDir = path.join(projectRoot, "public");
const isViteRequest = (url: string) => {
  const pathname = url.split("?")[0] ?? url;
  return VITE_PATHS.test(pathname) || (pathname !== "/" && existsSync(path.join(publicDir, pathname)));
};

/**
 * `npm run dev`: the site as `npm start` serves it (same routes, server rendering, API, embedded database), with the
 * browser's code from source through Vite: an edit under src/web updates the open page in place, and `tsx watch`
 * restarts this process on a server change (docs/decisions/128-dev-loop-vite-inside-fastify.md).
 */
async function main() {
  process.env.NODE_ENV ??= "development";
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  process.umask(0o077);
  const hmrPort = Number(process.env.DEV_HMR_PORT ?? config.port + 20_000);
  const devNonce = randomBytes(16).toString("base64url");
  const vite = await createServer({
    root: projectRoot,
    // Loads vite.config.ts through Vite's module runner, not a temporary file that `tsx watch` would see come and go.
    configLoader: "runner",
    appType: "custom",
    server: { middlewareMode: true, hmr: { port: hmrPort } },
    html: { cspNonce: devNonce },
  });
  const app = await buildApp({
    config,
    renderer: createDevRenderer(vite, devNonce),
    devServer: {
      hmrOrigin: `ws://${new URL(config.publicOrigin).hostname}:${hmrPort}`,
      register: (fastify: FastifyInstance) => {
        fastify.addHook("onRequest", (request, reply, done) => {
          if (!isViteRequest(request.url)) return done();
          reply.hijack();
          vite.middlewares(request.raw, reply.raw, () => {
            reply.raw.statusCode = 404;
            reply.raw.end();
          });
        });
      },
    },
  });
  app.addHook("onClose", async () => vite.close());
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Developing at ${config.publicOrigin} (pages and API as in production; browser code from source)`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

main().catch((error: unknown) => {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
