import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { RealtimeEvent } from "../../shared/realtime.js";
import { createInProcessHub, type RealtimeHub } from "./realtime-hub.js";
import { connectRedis, pingRedis } from "./redis.js";

export type RedisHubOptions = {
  log: FastifyBaseLogger;
  /** Namespaces the channel and keys, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  /** A connection counts as present this long after its last refresh (an instance that dies stops refreshing). */
  presenceTtlMs: number;
};

type Published = { userIds: string[]; event: RealtimeEvent };

/**
 * The hub of a deployment with several instances: every event goes through one Redis pub/sub channel
 * that all instances hear, and each delivers it to the connections it holds. Presence is a sorted set
 * per user (connection id -> expiry), so the connections of an instance that died expire by themselves.
 */
export async function createRedisHub(redisUrl: string, { log, prefix, presenceTtlMs }: RedisHubOptions): Promise<RealtimeHub> {
  // A connection that subscribes can do nothing else, hence two.
  const commands = await connectRedis(redisUrl, log, "realtime");
  const subscriber = await connectRedis(redisUrl, log, "realtime subscriber");
  const local = createInProcessHub();
  const channel = `${prefix}realtime`;
  const presenceKey = (userId: string) => `${prefix}presence:${userId}`;

  subscriber.on("message", (from: string, raw: string) => {
    if (from !== channel) return;
    const { userIds, event } = JSON.parse(raw) as Published;
    void local.publish(userIds, event);
  });
  await subscriber.subscribe(channel);
  // After an outage the two connections come back one after the other: until the subscriber has (and has subscribed
  // again), what this instance publishes would reach only the other instances.
  const hearing = () => subscriber.status === "ready";

  return {
    async publish(userIds, event) {
      if (userIds.length === 0) return;
      try {
        await commands.publish(channel, JSON.stringify({ userIds: [...new Set(userIds)], event } satisfies Published));
        if (!hearing()) await local.publish(userIds, event);
      } catch (error) {
        // Redis is away: at least this instance's connections get the event; the others fetch what they missed
        // when their browsers reconnect (live delivery is best effort, what was saved is never lost).
        log.error({ err: error, type: event.type }, "realtime event not published through Redis; delivered locally");
        await local.publish(userIds, event);
      }
    },
    subscribe: local.subscribe,
    trackConnection(userId) {
      const key = presenceKey(userId);
      const connectionId = randomUUID();
      const refresh = () => {
        const now = Date.now();
        commands
          .multi()
          .zremrangebyscore(key, "-inf", now)
          .zadd(key, now + presenceTtlMs, connectionId)
          .pexpire(key, presenceTtlMs)
          .exec()
          .catch((error: unknown) => log.warn({ err: error }, "presence not recorded"));
      };
      refresh();
      return {
        refresh,
        end: () => {
          commands.zrem(key, connectionId).catch(() => {
            // Expires by itself.
          });
        },
      };
    },
    async online(userIds) {
      const ids = [...new Set(userIds)];
      const now = Date.now();
      const pipeline = commands.pipeline();
      for (const id of ids) pipeline.zcount(presenceKey(id), now, "+inf");
      const counts = (await pipeline.exec()) ?? [];
      return ids.filter((_id, index) => Number(counts[index]?.[1] ?? 0) > 0);
    },
    // Ready again only once events are heard as well as sent.
    async ping() {
      await pingRedis(commands);
      if (!hearing()) throw new Error(`the realtime subscriber's connection is ${subscriber.status}`);
    },
    async close() {
      await local.close();
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
