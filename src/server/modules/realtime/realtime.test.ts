import { decodeJwt, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SignedIn } from "../../testing/people.js";
import { connectRealtime, connectSignedIn, isEvent, type RealtimeTestClient } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const AUTH_SECRET = "realtime-test-secret-long-enough-for-hs256";
// Shortened timings, so that the auth deadline, the session check and the keep-alive happen within a test.
const { server, call, people, projectConversation } = setUpTestServer(
  { AUTH_SECRET },
  { realtime: { authTimeoutMs: 500, sessionCheckMs: 200, keepAliveMs: 300 } },
);
const sockets: RealtimeTestClient[] = [];
// After-hooks run in reverse order: the sockets close before the server does.
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const open = async () => {
  const socket = await connectRealtime(server());
  sockets.push(socket);
  return socket;
};
const openSignedIn = async (who: SignedIn) => {
  const socket = await connectSignedIn(server(), who.accessToken);
  sockets.push(socket);
  return socket;
};

/** An access token as the server signs them, for this person's session, expiring at `expiresAt` (seconds). */
const tokenExpiringAt = (who: SignedIn, expiresAt: number, secret = AUTH_SECRET) =>
  new SignJWT({ role: "user", dept: "General Users", sid: decodeJwt(who.accessToken).sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(who.id)
    .setIssuer("crestbuild")
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

const now = () => Math.floor(Date.now() / 1000);
describe("/api/realtime: signing in on the socket", () => {
  it("closes with 4401 when no auth frame arrives in time", async () => {
    const socket = await open();
    expect(await socket.closed).toEqual({ code: 4401, reason: "No auth frame in time." });
  });

  it("closes with 4401 when the first frame is not an auth frame", async () => {
    const socket = await open();
    socket.send({ type: "ping" });
    expect(await socket.closed).toEqual({ code: 4401, reason: "The first frame must be an auth frame." });
  });

  it.each([
    ["a forged token", async () => "not.a.token"],
    [
      "a token signed with another secret",
      async (who: SignedIn) => tokenExpiringAt(who, now() + 600, "another-secret-that-is-long-enough-too"),
    ],
    ["an expired token", async (who: SignedIn) => tokenExpiringAt(who, now() - 5)],
    ["an empty token", async () => ""],
  ])("closes with 4401 for %s", async (_name, token) => {
    const who = await people.client("forger@example.com");
    const socket = await open();
    socket.send({ type: "auth", accessToken: await token(who) });
    expect(await socket.closed).toEqual({ code: 4401, reason: "Invalid or expired access token." });
  });

  it("accepts a good token: ready with the user's id; answers ping with pong and ignores unknown frames", async () => {
    const who = await people.client("ada@example.com");
    const socket = await openSignedIn(who);
    expect(socket.received).toEqual([{ type: "ready", userId: who.id }]);
    socket.send({ type: "call.offer", sdp: "…" });
    socket.send("not json at all");
    socket.send({ type: "ping" });
    await socket.waitFor((frame) => frame.type === "pong");
    expect(socket.isOpen()).toBe(true);
  });

  it("stays open with each renewed token, and closes when the last token sent expires", async () => {
    const who = await people.client("renew@example.com");
    const renewed = await openSignedIn(who);
    renewed.send({ type: "auth", accessToken: await tokenExpiringAt(who, now() + 2) });
    await renewed.waitFor((frame) => frame.type === "ready" && renewed.received.length === 2);
    // A later token replaces the short one.
    renewed.send({ type: "auth", accessToken: who.accessToken });
    const lapsing = await connectSignedIn(server(), await tokenExpiringAt(who, now() + 2));
    sockets.push(lapsing);
    expect(await lapsing.closed).toEqual({ code: 4401, reason: "The access token expired." });
    expect(renewed.isOpen()).toBe(true);
  });

  it("closes with 4401 when a signed-in connection sends another account's token", async () => {
    const first = await people.client("first@example.com");
    const second = await people.client("second@example.com");
    const socket = await openSignedIn(first);
    socket.send({ type: "auth", accessToken: second.accessToken });
    expect(await socket.closed).toEqual({ code: 4401, reason: "The token belongs to another account." });
  });

  it("closes a signed-out session's socket with 4401", async () => {
    const who = await people.client("leaving@example.com");
    const socket = await openSignedIn(who);
    expect((await call("/auth/logout", { refreshToken: who.refreshToken })).status).toBe(200);
    expect(await socket.closed).toEqual({ code: 4401, reason: "The session has ended." });
  });

  it("drops a connection that stops answering pings, and keeps one that answers", async () => {
    const who = await people.client("tunnel@example.com");
    const dead = await connectSignedIn(server(), who.accessToken, { answerPings: false });
    sockets.push(dead);
    const alive = await openSignedIn(who);
    expect((await dead.closed).code).toBe(1006);
    expect(alive.isOpen()).toBe(true);
  });

  it("closes a connection that sends a frame over 16 KB", async () => {
    const socket = await open();
    socket.send({ type: "auth", accessToken: "x".repeat(17 * 1024) });
    expect((await socket.closed).code).toBe(1009);
  });

  it("answers a plain HTTP request with 426", async () => {
    const response = await fetch(server().url("/api/realtime"));
    expect(response.status).toBe(426);
    expect((await response.json()).message).toBe("This address takes a WebSocket connection.");
  });
});

describe("/api/realtime: live events", () => {
  let admin: SignedIn;
  let manager: SignedIn;
  let client: SignedIn;
  let conversationId: number;

  beforeEach(async () => {
    ({ admin, manager, client, conversationId } = await projectConversation("Katampe terraces", "client"));
  });

  it("delivers a message posted over HTTP to the other person's socket and to the author's other tabs", async () => {
    const clientTab = await openSignedIn(client);
    const managerOtherTab = await openSignedIn(manager);
    const posted = await call(`/conversations/${conversationId}/messages`, { body: "Roof sheets **delivered**" }, manager.auth);
    expect(posted.status).toBe(201);
    const live = await clientTab.waitFor(isEvent("message"));
    expect(live).toEqual({ type: "message", conversationId, message: posted.body.data.message });
    expect(live.message.bodyHtml).toContain("<strong>delivered</strong>");
    expect((await managerOtherTab.waitFor(isEvent("message"))).message.id).toBe(posted.body.data.message.id);
  });

  it("delivers the bell notification that notify() creates", async () => {
    const socket = await openSignedIn(client);
    await call(`/conversations/${conversationId}/messages`, { body: "Can we meet on site?" }, manager.auth);
    const { notification } = await socket.waitFor(isEvent("notification"));
    expect(notification).toMatchObject({
      kind: "message",
      title: "Musa Bakare wrote about Katampe terraces",
      body: "Can we meet on site?",
      link: `/dashboard/messages/${conversationId}`,
      readAt: null,
    });
    const bell = await call("/notifications", undefined, client.auth);
    expect(bell.body.data.items[0].id).toBe(notification.id);
  });

  it("tells the reader's other tabs the new unread count", async () => {
    const posted = await call(`/conversations/${conversationId}/messages`, { body: "Invoice 3 attached" }, manager.auth);
    const otherTab = await openSignedIn(client);
    await call(`/conversations/${conversationId}/read`, { lastReadMessageId: posted.body.data.message.id }, client.auth);
    expect(await otherTab.waitFor(isEvent("conversation.read"))).toEqual({
      type: "conversation.read",
      conversationId,
      lastReadMessageId: posted.body.data.message.id,
      unread: 0,
    });
  });

  it("does not deliver a project's messages to someone outside it", async () => {
    const outsider = await people.staff("outsider@crestbuild.ng", "HR", { firstName: "Bola" });
    const outsiderTab = await openSignedIn(outsider);
    const clientTab = await openSignedIn(client);
    await call(`/conversations/${conversationId}/messages`, { body: "Private to the project" }, manager.auth);
    await clientTab.waitFor(isEvent("message"));
    outsiderTab.send({ type: "ping" });
    await outsiderTab.waitFor((frame) => frame.type === "pong");
    expect(outsiderTab.received.map((frame) => frame.type)).toEqual(["ready", "pong"]);
  });

  it("shows staff who is online: GET /api/presence", async () => {
    const presence = (who: SignedIn) => call(`/presence?ids=${client.id},${admin.id}`, undefined, who.auth);
    expect((await presence(manager)).body.data).toEqual({ online: [] });
    const tab = await openSignedIn(client);
    expect((await presence(manager)).body.data).toEqual({ online: [client.id] });
    tab.close();
    await tab.closed;
    await expect.poll(async () => (await presence(manager)).body.data.online).toEqual([]);
    expect((await presence(client)).status).toBe(403);
    expect((await call("/presence?ids=nobody", undefined, manager.auth)).status).toBe(400);
  });
});
