import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSignedIn, isEvent } from "../testing/realtime-client.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.js";

const redisUrl = process.env.TEST_REDIS_URL;

/** Asks again until `done` says so, for at most 20 s (Redis reconnects with a backoff of up to 2 s). */
async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!redisUrl)("Redis lost during a run (skipped: set TEST_REDIS_URL to run)", () => {
  const target = new URL(redisUrl ?? "redis://127.0.0.1:6379");
  let proxy: TcpProxy | undefined;
  const proxied = { REDIS_URL: "" };
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    proxied.REDIS_URL = url.toString();
  });
  afterAll(() => proxy?.close());

  // The app connects through the proxy, which the test cuts: never the Redis server other tests share.
  const { server, call, people } = setUpTestServer(proxied, { realtime: { redisPrefix: `crestbuild-test-${randomUUID()}:` } });
  const readiness = async () => (await fetch(server().url("/readyz"))).json();

  it("falls back to local delivery and in-process limits, says so in /readyz, and reconnects", async () => {
    const admin = await people.admin();
    const engineer = await people.staff("engineer@crestbuild.ng", "Projects");
    const conversationId = (await call("/conversations/direct", { userId: admin.id }, engineer.auth)).body.data.conversation.id;
    const adminTab = await connectSignedIn(server(), admin.accessToken);
    expect(await readiness()).toMatchObject({ status: "ready", checks: { redis: { status: "ok" } } });

    proxy?.cut();
    const degraded = await eventually(readiness, (answer) => answer.status === "degraded");
    expect(degraded).toMatchObject({
      status: "degraded",
      degraded: ["redis", "redis rate limits"],
      checks: { database: { status: "ok" } },
    });
    expect((await fetch(server().url("/readyz"))).status).toBe(200);

    // A message still reaches the tab connected to this instance.
    const posted = await call(`/conversations/${conversationId}/messages`, { body: "Sent while Redis is away." }, engineer.auth);
    expect(posted.status).toBe(201);
    expect((await adminTab.waitFor(isEvent("message"))).message).toMatchObject({ body: "Sent while Redis is away." });

    // The contact form's 5 an hour per address is still enforced, counted in this process.
    const inquiry = { name: "Amaka Eze", email: "amaka@example.com", subject: "A quote", message: "A duplex in Gwarinpa, please." };
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await call("/contact", inquiry)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    proxy?.restore();
    const back = await eventually(readiness, (answer) => answer.status === "ready");
    expect(back).toMatchObject({ status: "ready", checks: { redis: { status: "ok" }, "redis rate limits": { status: "ok" } } });
    const afterwards = await call(`/conversations/${conversationId}/messages`, { body: "Redis is back." }, engineer.auth);
    expect(afterwards.status).toBe(201);
    expect((await adminTab.waitFor((frame) => frame.type === "message" && frame.message.body === "Redis is back.")).type).toBe("message");
    adminTab.close();
  }, 60_000);
});
