import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { runtimeProblem } from "./platform/runtime.js";
import { loadPageRenderer } from "./ssr/renderer.js";

async function main() {
  const problem = runtimeProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Whatever the site creates (database, uploads, backups) is its account's alone: 0700 folders, 0600 files at most.
  process.umask(0o077);
  // React picks its fast production build by this variable when the renderer is loaded below.
  process.env.NODE_ENV = config.env;
  const app = await buildApp({ config, renderer: await loadPageRenderer() });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Site ready at ${config.publicOrigin}`);

  let closing = false;
  // Graceful: stop accepting connections, report not ready, let requests in flight finish, tell WebSocket
  // clients to reconnect elsewhere, close the pools (app.close() runs those hooks); past the limit, exit anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down");
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, "requests still in flight at the shutdown limit; exiting anyway");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await app.close();
    app.log.info("shut down");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // A start-up failure (database unreachable, site not built): one clear line, no stack trace.
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
