import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectSignedIn, isEvent, type RealtimeTestClient } from "../testing/realtime-client.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTestServer, type TestServer } from "../testing/test-app.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("two instances sharing one database and Redis (skipped: set TEST_REDIS_URL to run)", () => {
  // A prefix of this run's own, so parallel runs on one Redis do not hear each other.
  const prefix = `crestbuild-test-${randomUUID()}:`;
  const env = { REDIS_URL: redisUrl ?? "" };
  // Accounts and messages go through the first instance; the second one, on the same data, only holds sockets.
  const { server: first, mail, call, people } = setUpTestServer(env, { realtime: { redisPrefix: prefix } });
  let second: TestServer;
  const sockets: RealtimeTestClient[] = [];

  beforeEach(async () => {
    second = await startTestServer({ ...env, SMTP_URL: mail().url }, { realtime: { redisPrefix: prefix }, keepData: true });
  });
  // After-hooks run in reverse order: the sockets close, then the second instance, then the first.
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await second.close();
  });
  afterAll(async () => {
    const redis = new Redis(redisUrl ?? "");
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("delivers a message posted on instance 1 to a socket connected to instance 2, with its notification", async () => {
    const admin = await people.admin();
    const engineer = await people.staff("engineer@crestbuild.ng", "Projects", { firstName: "Ifeanyi" });
    const conversation = await call("/conversations/direct", { userId: admin.id }, engineer.auth);
    const adminTab = await connectSignedIn(second, admin.accessToken);
    sockets.push(adminTab);

    const posted = await call(
      `/conversations/${conversation.body.data.conversation.id}/messages`,
      { body: "Cube results are in." },
      engineer.auth,
    );
    expect(posted.status).toBe(201);
    expect(await adminTab.waitFor(isEvent("message"))).toMatchObject({
      message: { id: posted.body.data.message.id, body: "Cube results are in." },
    });
    expect((await adminTab.waitFor(isEvent("notification"))).notification).toMatchObject({
      kind: "message",
      title: "New message from Ifeanyi Bakare",
    });
  });

  it("shows a person with a tab on instance 2 as online through instance 1, until the tab closes", async () => {
    const admin = await people.admin();
    const presence = async () => (await call(`/presence?ids=${admin.id}`, undefined, admin.auth)).body.data.online;
    expect(await presence()).toEqual([]);
    const tab = await connectSignedIn(second, admin.accessToken);
    await expect.poll(presence).toEqual([admin.id]);
    tab.close();
    await expect.poll(presence).toEqual([]);
  });

  it("counts the per-address rate limits for all instances together", async () => {
    const inquiry = { name: "Musa Danjuma", email: "musa@example.com", subject: "A duplex", message: "I would like a quote for a duplex." };
    const send = async (server: TestServer) =>
      (
        await fetch(server.url("/api/contact"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(inquiry),
        })
      ).status;
    // Five an hour per address: three on one instance, two on the other, then both refuse.
    for (const server of [first(), first(), first(), second, second]) expect(await send(server)).toBe(201);
    expect(await send(first())).toBe(429);
    expect(await send(second)).toBe(429);
  });
});
