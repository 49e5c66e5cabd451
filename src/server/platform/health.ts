import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** One dependency /readyz looks at. A required one that fails makes the instance not ready (503). */
export type ReadinessCheck = {
  name: string;
  /** Resolves when reachable; rejects (or times out) when not. */
  check(): Promise<void>;
  /**
   * False for a dependency the instance can do without for a while (Redis: local delivery, in-memory limits):
   * it is reported as degraded, and the instance stays in the load balancer.
   */
  required: boolean;
};

const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = { status: "ok" } | { status: "down"; error: string };

async function runCheck({ check }: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: "ok" };
  } catch (error) {
    return { status: "down", error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz (the process answers: restart it if not) and /readyz (send it traffic: 503 while starting, while
 * draining on shutdown, or when a required dependency is down), for load balancers and orchestrators.
 * Outside /api: plain JSON, no envelope, never cached, never rate limited.
 */
async function health(app: FastifyInstance, { checks }: { checks: ReadinessCheck[] }) {
  let phase: "starting" | "ready" | "draining" = "starting";
  app.addHook("onListen", async () => {
    if (phase === "starting") phase = "ready";
  });
  app.addHook("preClose", async () => {
    phase = "draining";
    // While draining, a request that reaches us on an open keep-alive connection is still served (it was accepted),
    // and its connection is closed after the answer, so that the client opens its next one to another instance.
    // A raw listener, added only now: a global onSend hook broke the browsers' realtime reconnection.
    app.server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
      if (!response.headersSent) response.setHeader("connection", "close");
    });
  });
  // An answer still being sent when draining began (a download) keeps its keep-alive connection busy past the one
  // sweep of idle connections on close; without this, shutdown would wait out the keep-alive timeout (72 s).
  app.addHook("onResponse", async () => {
    if (phase === "draining") app.server.closeIdleConnections();
  });

  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "alive" };
  });

  app.get("/readyz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const results = await Promise.all(checks.map(async (check) => [check, await runCheck(check)] as const));
    const failedRequired = results.some(([check, result]) => check.required && result.status === "down");
    const degraded = results.filter(([check, result]) => !check.required && result.status === "down").map(([check]) => check.name);
    const ready = phase === "ready" && !failedRequired;
    reply.status(ready ? 200 : 503);
    return {
      status: phase !== "ready" ? phase : failedRequired ? "unavailable" : degraded.length > 0 ? "degraded" : "ready",
      checks: Object.fromEntries(results.map(([check, result]) => [check.name, result])),
      ...(degraded.length > 0 ? { degraded } : {}),
    };
  });
}

/** Not encapsulated: the draining hook applies to every route. */
export const healthRoutes = fastifyPlugin(health, { name: "health" });
