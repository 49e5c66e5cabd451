import type { RateLimitOptions } from "@fastify/rate-limit";
import { tooManyRequests } from "../../shared/messages.js";

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
