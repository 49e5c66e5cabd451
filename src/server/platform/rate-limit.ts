import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../shared/wording.js";
import type { AppDb } from "../db/client.js";
import { recordSecurityEvent } from "./security-log.js";

const waitMessage: RateLimitOptions["errorResponseBuilder"] = (_request, context) => ({
  statusCode: 429,
  message: tooManyRequests(Math.ceil(context.ttl / 1000)),
});

/** Route config allowing `max` requests per client address in `minutes`, then a 429 saying how long to wait. */
export function perAddressLimit(max: number, minutes: number): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max, timeWindow: minutes * 60_000, errorResponseBuilder: waitMessage } };
}

/**
 * Route config allowing `max` requests per signed-in user in `minutes`. Counted after requireUser
 * (preHandler), so it follows the person whatever address they write from.
 */
export function perUserLimit(max: number, minutes: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      hook: "preHandler",
      keyGenerator: (request) => request.user?.userId ?? request.ip,
      errorResponseBuilder: waitMessage,
    },
  };
}

/**
 * Logs each refusal of the per-route limits to the access log (the threat rules watch repeated ones): the plugin's
 * onExceeded marks the request, and a hook writes the event before the 429 goes out.
 */
export function rateLimitRefusalLog(app: FastifyInstance, db: AppDb) {
  const refused = new WeakSet<FastifyRequest>();
  app.addHook("onSend", async (request, reply) => {
    if (!refused.has(request) || reply.statusCode !== 429) return;
    await recordSecurityEvent(
      db,
      { type: "rate_limited", outcome: "failure", reason: `${request.method} ${request.routeOptions.url ?? ""}`.slice(0, 200) },
      { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null },
    );
  });
  return { onExceeded: (request: FastifyRequest) => refused.add(request) };
}
