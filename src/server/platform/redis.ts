import type { FastifyBaseLogger } from "fastify";
import { Redis, type RedisOptions } from "ioredis";

/**
 * A Redis connection, connected before it is returned: a wrong REDIS_URL stops the start with a clear
 * error rather than failing requests later. Connection errors after that are logged and retried by ioredis.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger, purpose: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 2, ...options });
  let lastError: Error | null = null;
  redis.on("error", (error: Error) => {
    lastError = error;
    log.warn({ err: error, redis: purpose }, "Redis connection error");
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis for ${purpose} (REDIS_URL): ${(lastError ?? (error as Error)).message}`);
  }
  return redis;
}

/** Resolves when the connection is up and answers; rejects at once while it is reconnecting. */
export async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status !== "ready") throw new Error(`Redis connection is ${redis.status}`);
  await redis.ping();
}
