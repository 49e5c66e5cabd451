import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach } from "vitest";
import type { RealtimeTestClient } from "./realtime-client.js";
import { setUpTestServer } from "./set-up-test-server.js";
import { startTestServer, type TestServer } from "./test-app.js";

/**
 * Two instances on one database and one Redis, as behind a load balancer: the first is the suite's test server
 * (accounts, mail, calls go through it); the second starts anew for each test on the same data. Sockets a test
 * pushes to `sockets` are closed after it. The run has a Redis key prefix of its own, removed at the end, so
 * parallel runs on one Redis do not hear each other. `extraEnv` adds to both instances' configuration.
 */
export function setUpTwoInstances(redisUrl: string, extraEnv: Record<string, string> = {}) {
  const prefix = `crestbuild-test-${randomUUID()}:`;
  const env = { REDIS_URL: redisUrl, ...extraEnv };
  const kit = setUpTestServer(env, { realtime: { redisPrefix: prefix } });
  let second: TestServer | undefined;
  const sockets: RealtimeTestClient[] = [];

  beforeEach(async () => {
    second = await startTestServer({ ...env, SMTP_URL: kit.mail().url }, { realtime: { redisPrefix: prefix }, keepData: true });
  });
  // After-hooks run in reverse order: the sockets close, then the second instance, then the first.
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await second?.close();
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const secondInstance = () => {
    if (!second) throw new Error("The second instance starts before each test.");
    return second;
  };
  return { ...kit, second: secondInstance, sockets };
}
