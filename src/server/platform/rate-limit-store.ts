import { createRequire } from "node:module";
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";

// The plugin's own two stores (CommonJS files it does not export by name).
const require = createRequire(import.meta.url);
type StoreCtor = new (continueExceeding: unknown, exponentialBackoff: unknown, ...rest: unknown[]) => FastifyRateLimitStore;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreCtor;
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreCtor;

type Counted = Parameters<FastifyRateLimitStore["incr"]>[1];

/**
 * Rate-limit counters in Redis, shared by every instance; while Redis is away, counted in this process instead
 * (each instance then limits on its own), and in Redis again once it is back. Never unlimited.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, onFallback: (error: Error) => void): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(key: string, callback: Counted, timeWindow: number, max: number) {
      // While reconnecting, ioredis would queue the command: count here at once instead.
      if (redis.status !== "ready") return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FallbackStore {
    constructor(pluginOptions: FastifyRateLimitOptions) {
      // The plugin hands every store its global parameters; the type names fewer of them than it passes.
      const options = pluginOptions as FastifyRateLimitOptions & {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
        cache?: number;
      };
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
      );
    }
  };
}
