import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createInProcessHub, type RealtimeHub } from "./realtime-hub.js";
import { createRedisHub } from "./redis-hub.js";
import { onSiteEvent, publishBlocklistChanged } from "./site-events.js";

const redisUrl = process.env.TEST_REDIS_URL;
const silentLog = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child: () => silentLog, level: "silent" };

/** Resolves with the first site event `listening` hears after `publish` ran, or rejects after a second. */
async function firstSiteEvent(listening: RealtimeHub, publish: () => Promise<void>) {
  let stop = () => {};
  const heard = new Promise((resolve, reject) => {
    stop = onSiteEvent(listening, resolve);
    setTimeout(() => reject(new Error("no site event within 1 s")), 1000);
  });
  await publish();
  try {
    return await heard;
  } finally {
    stop();
  }
}

describe("the blocklist.changed event", () => {
  it("reaches a listener of the same instance, and not a user's connections", async () => {
    const hub = createInProcessHub();
    const userEvents: unknown[] = [];
    hub.subscribe(randomUUID(), (event) => userEvents.push(event));
    expect(await firstSiteEvent(hub, () => publishBlocklistChanged(hub))).toEqual({ type: "blocklist.changed" });
    expect(userEvents).toEqual([]);
    await hub.close();
  });

  it.skipIf(!redisUrl)("reaches the listeners of another instance through Redis (skipped: set TEST_REDIS_URL to run)", async () => {
    const options = { log: silentLog as never, prefix: `crestbuild-test-${randomUUID()}:`, presenceTtlMs: 1000 };
    const [first, second] = await Promise.all([createRedisHub(redisUrl ?? "", options), createRedisHub(redisUrl ?? "", options)]);
    try {
      expect(await firstSiteEvent(second, () => publishBlocklistChanged(first))).toEqual({ type: "blocklist.changed" });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
