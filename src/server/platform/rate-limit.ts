import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../shared/wording.js";
import type { AppDb } from "../db/client.js";
import { addressKey } from "./client-address.js";
import { recordSecurityEvent } from "./security-log.js";

/** What every limit counts a request under when not a person: its address, an IPv6 one by its /64. */
export const addressOf = (request: FastifyRequest) => addressKey(request.ip);

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
 * (both at preValidation, before the route's schema is checked), so it follows the person whatever address they write from.
 */
export function perUserLimit(max: number, minutes: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      hook: "preValidation",
      keyGenerator: (request) => request.user?.userId ?? addressOf(request),
      errorResponseBuilder: waitMessage,
    },
  };
}

/** At most this many (route, key) windows are remembered; past it the windows already over are forgotten. */
const REMEMBERED_WINDOWS = 10_000;

/**
 * Logs the refusals of the per-route limits to the access log (the threat rules watch them): the first refusal of each
 * route and key in its window, not every refused request, so a flood writes one row. The plugin's onExceeded marks
 * the request with its key, and a hook writes the event before the 429 goes out (its Retry-After is the window's end).
 */
export function rateLimitRefusalLog(app: FastifyInstance, db: AppDb) {
  const refused = new WeakMap<FastifyRequest, string>();
  const windowEnds = new Map<string, number>();
  const forgetWindowsOver = (now: number) => {
    for (const [key, end] of windowEnds) if (end <= now) windowEnds.delete(key);
    if (windowEnds.size >= REMEMBERED_WINDOWS) windowEnds.clear();
  };
  app.addHook("onSend", async (request, reply) => {
    const key = refused.get(request);
    if (key === undefined || reply.statusCode !== 429) return;
    const route = `${request.method} ${request.routeOptions.url ?? ""}`;
    const windowKey = `${route} ${key}`;
    const now = Date.now();
    if ((windowEnds.get(windowKey) ?? 0) > now) return;
    if (windowEnds.size >= REMEMBERED_WINDOWS) forgetWindowsOver(now);
    windowEnds.set(windowKey, now + Number(reply.getHeader("retry-after") ?? 60) * 1000);
    await recordSecurityEvent(
      db,
      { type: "rate_limited", outcome: "failure", reason: route.slice(0, 200) },
      { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null },
    );
  });
  return { onExceeded: (request: FastifyRequest, key: string) => refused.set(request, key) };
}
