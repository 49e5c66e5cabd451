import { describe, expect, it } from "vitest";
import { connectSignedIn, isEvent } from "../testing/realtime-client.js";
import type { TestServer } from "../testing/test-app.js";
import { setUpTwoInstances } from "../testing/two-instances.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("two instances sharing one database and Redis (skipped: set TEST_REDIS_URL to run)", () => {
  // Accounts and messages go through the first instance; the second one, on the same data, only holds sockets.
  const { server: first, call, people, second, sockets } = setUpTwoInstances(redisUrl ?? "");

  it("delivers a message posted on instance 1 to a socket connected to instance 2, with its notification", async () => {
    const admin = await people.admin();
    const engineer = await people.staff("engineer@crestbuild.ng", "Projects", { firstName: "Ifeanyi" });
    const conversation = await call("/conversations/direct", { userId: admin.id }, engineer.auth);
    const adminTab = await connectSignedIn(second(), admin.accessToken);
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
    const tab = await connectSignedIn(second(), admin.accessToken);
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
    for (const server of [first(), first(), first(), second(), second()]) expect(await send(server)).toBe(201);
    expect(await send(first())).toBe(429);
    expect(await send(second())).toBe(429);
  });

  it("closes a blocked user's socket on instance 2 when instance 1 blocks them, and reports Redis in the health check", async () => {
    const admin = await people.admin();
    const client = await people.client("blocked@example.com");
    const clientTab = await connectSignedIn(second(), client.accessToken);
    sockets.push(clientTab);
    expect((await call(`/admin/users/${client.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    expect(await clientTab.closed).toEqual({ code: 4401, reason: "Account is deactivated" });
    expect((await call("/admin/health", undefined, admin.auth)).body.data.redis).toEqual({ status: "ok", detail: "answers PING" });
  });
});
