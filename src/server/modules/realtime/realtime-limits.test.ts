import { afterEach, describe, expect, it } from "vitest";
import { connectRealtime, connectSignedIn, isEvent, type RealtimeTestClient } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const sockets: RealtimeTestClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
const kept = (socket: RealtimeTestClient) => {
  sockets.push(socket);
  return socket;
};
const pongs = (socket: RealtimeTestClient) => socket.received.filter((frame) => frame.type === "pong").length;

describe("/api/realtime: connections waiting to sign in and frames per connection", () => {
  // Lowered limits: 3 connections waiting to sign in per address, 20 frames per connection in 2 s, 256 KB waiting for one.
  const { server, people, call } = setUpTestServer(
    {},
    { realtime: { unauthenticatedPerAddress: 3, framesPerWindow: 20, frameWindowMs: 2_000, maxBufferedBytes: 256 * 1024 } },
  );

  it("refuses a connection from an address with 3 waiting to sign in; one signing in frees its place", async () => {
    const who = await people.client("ada@example.com");
    const waiting = [kept(await connectRealtime(server())), kept(await connectRealtime(server())), kept(await connectRealtime(server()))];
    const fourth = kept(await connectRealtime(server()));
    expect(await fourth.closed).toEqual({ code: 1013, reason: "Too many connections from this address are waiting to sign in." });
    expect(waiting.every((socket) => socket.isOpen())).toBe(true);

    const [first] = waiting;
    first?.send({ type: "auth", accessToken: who.accessToken });
    await first?.waitFor((frame) => frame.type === "ready");
    const next = kept(await connectSignedIn(server(), who.accessToken));
    expect(next.isOpen()).toBe(true);
    // Signed in, it no longer counts: another may wait in its place.
    const another = kept(await connectRealtime(server()));
    another.send({ type: "ping" });
    expect((await another.closed).reason).toBe("The first frame must be an auth frame.");
  });

  it("counts every frame type in the budget: pings and auth frames beyond it are not served, and a call frame is told to slow down", async () => {
    const who = await people.staff("bayo@crestbuild.ng", "Projects");
    const socket = kept(await connectSignedIn(server(), who.accessToken));
    // The auth frame was the first of 20: 19 more are served, whatever their type.
    for (let index = 0; index < 15; index += 1) socket.send({ type: "ping" });
    for (let index = 0; index < 10; index += 1) socket.send({ type: "auth", accessToken: who.accessToken });
    socket.send("not json");
    socket.send({ type: "call.media", callId: "6f1c1a3e-8d3b-4c55-9a57-0f4b8e2d7c11", audio: true, video: false, screen: false });
    const refused = await socket.waitFor(isEvent("call.refused"));
    expect(refused).toEqual({
      type: "call.refused",
      callId: "6f1c1a3e-8d3b-4c55-9a57-0f4b8e2d7c11",
      message: "Too many call messages; slow down.",
    });
    // Once the window has passed, the next ping is served, after everything sent before it.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    socket.send({ type: "ping" });
    await socket.waitFor(() => pongs(socket) === 16);
    expect(socket.received.filter((frame) => frame.type === "ready")).toHaveLength(1 + 4);
    expect(socket.isOpen()).toBe(true);
  });

  it("drops a tab that stops reading once what waits for it passes the bound, rather than buffering without end", async () => {
    const ada = await people.staff("ada@crestbuild.ng", "Projects");
    const bayo = await people.staff("bayo@crestbuild.ng", "Projects");
    const bayoTab = kept(await connectSignedIn(server(), bayo.accessToken));
    bayoTab.pauseReading();
    // Each frame over the budget is answered (about 130 bytes): 60,000 of them are 8 MB, more than the kernel's
    // buffers and the bound together, for a tab that takes none of it.
    const frame = { type: "call.media", callId: "6f1c1a3e-8d3b-4c55-9a57-0f4b8e2d7c11", audio: true, video: false, screen: false };
    for (let index = 0; index < 60_000; index += 1) bayoTab.send(frame);
    const online = async () => (await call(`/presence?ids=${bayo.id}`, undefined, ada.auth)).body.data.online;
    await expect.poll(online, { timeout: 10_000, interval: 250 }).toEqual([]);
  });

  it("echoes only a call id in a refusal, never what stands in its place", async () => {
    const who = await people.staff("eve@crestbuild.ng", "Projects");
    const socket = kept(await connectSignedIn(server(), who.accessToken));
    for (let index = 0; index < 20; index += 1) socket.send({ type: "call.leave", callId: "x".repeat(15_000) });
    const slowDown = await socket.waitFor(
      (frame) => frame.type === "call.refused" && frame.message === "Too many call messages; slow down.",
    );
    expect(slowDown).toEqual({ type: "call.refused", callId: null, message: "Too many call messages; slow down." });
    expect(JSON.stringify(socket.received)).not.toContain("x".repeat(100));
  });
});

describe("/api/realtime behind a proxy: an IPv6 client counts as its /64", () => {
  const { server } = setUpTestServer({ TRUST_PROXY: "1" }, { realtime: { unauthenticatedPerAddress: 2 } });

  it("refuses a third connection waiting to sign in from anywhere in one /64, and takes one from another /64", async () => {
    const from = (forwardedFor: string) => connectRealtime(server(), { forwardedFor }).then(kept);
    const waiting = [await from("2001:db8:1:2::10"), await from("2001:db8:1:2:ffff::99")];
    const third = await from("2001:db8:1:2:abcd::1");
    expect((await third.closed).code).toBe(1013);
    expect(waiting.every((socket) => socket.isOpen())).toBe(true);
    // Another /64 is served: its first frame is read (and refused for not being an auth frame), not turned away.
    const elsewhere = await from("2001:db8:1:3::10");
    elsewhere.send({ type: "ping" });
    expect((await elsewhere.closed).reason).toBe("The first frame must be an auth frame.");
  });
});
