import type { RateLimitOptions } from "@fastify/rate-limit";
import { tooManyRequests } from "../../shared/messages.js";

/** Route config allowing `max` requests per client address in `minutes`, then a 429 saying how long to wait. */
export function perAddressLimit(max: number, minutes: number): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: tooManyRequests(Math.ceil(context.ttl / 1000)) }),
    },
  };
}
