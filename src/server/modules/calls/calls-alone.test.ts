import { afterEach, describe, expect, it } from "vitest";
import { CALL_ALONE_TIMEOUT_MS } from "../../../shared/calls.js";
import type { SignedIn } from "../../testing/people.js";
import { connectSignedIn, isEvent, type RealtimeTestClient } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import type { CallTimers } from "./signalling.js";

/** A clock the test moves by hand: the alone timers run only when advance() passes their time. */
function drivenClock() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; ms: number; run: () => void }>();
  const timers: CallTimers = {
    setTimeout: (run, ms) => {
      const id = nextId++;
      pending.set(id, { at: now + ms, ms, run });
      return id;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** The delays of the timers set and not yet run or cleared. */
    pending: () => [...pending.values()].map((timer) => timer.ms),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.run();
      }
    },
    reset() {
      pending.clear();
    },
  };
}

const clock = drivenClock();
const { server, call, people } = setUpTestServer({}, { realtime: { aloneTimers: clock.timers } });
const sockets: RealtimeTestClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  clock.reset();
});

const tab = async (who: SignedIn) => {
  const socket = await connectSignedIn(server(), who.accessToken);
  sockets.push(socket);
  return socket;
};
/** Waits for a pong: every frame sent before the ping has been handled by then. */
const settled = async (socket: RealtimeTestClient) => {
  const pongs = socket.received.filter((frame) => frame.type === "pong").length;
  socket.send({ type: "ping" });
  await socket.waitFor(() => socket.received.filter((frame) => frame.type === "pong").length > pongs);
};

/** Ada starts a video call that Bayo accepts: both tabs are in it. */
async function callAnswered() {
  const ada = await people.staff("ada@crestbuild.ng", "Projects", { firstName: "Ada" });
  const bayo = await people.staff("bayo@crestbuild.ng", "Projects", { firstName: "Bayo" });
  const adaTab = await tab(ada);
  const bayoTab = await tab(bayo);
  adaTab.send({ type: "call.start", media: "video" });
  const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));
  bayoTab.send({ type: "call.join", callId });
  await bayoTab.waitFor(isEvent("call.joined"));
  await adaTab.waitFor(isEvent("call.participant-joined"));
  return { ada, bayo, adaTab, bayoTab, callId };
}

const activeCalls = async (who: SignedIn) => (await call("/calls/members", undefined, who.auth)).body.data.activeCalls;

describe("/api/realtime: a call left with one participant", () => {
  it("tells the one left who left and that the call ends in 30 s; ends it after 30 s alone, closed in the history", async () => {
    const { ada, bayo, adaTab, bayoTab, callId } = await callAnswered();
    bayoTab.send({ type: "call.leave", callId });
    expect(await adaTab.waitFor(isEvent("call.participant-left"))).toEqual({
      type: "call.participant-left",
      callId,
      userId: bayo.id,
      aloneEndsInMs: 30_000,
    });
    expect(CALL_ALONE_TIMEOUT_MS).toBe(30_000);
    expect(clock.pending()).toEqual([30_000]);

    // A moment before the 30 s, the call goes on.
    clock.advance(29_999);
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.ended"))).toEqual([]);
    expect(await activeCalls(ada)).toEqual([{ callId, media: "video", participantCount: 1 }]);

    clock.advance(1);
    expect(await adaTab.waitFor(isEvent("call.ended"))).toEqual({ type: "call.ended", callId, reason: "alone" });
    expect(await activeCalls(ada)).toEqual([]);
    const [item] = (await call("/calls", undefined, ada.auth)).body.data.items;
    expect(item).toMatchObject({ callId, answeredBy: [expect.objectContaining({ id: bayo.id })] });
    expect(item.endedAt).not.toBeNull();
    expect(item.durationSeconds).toBeGreaterThanOrEqual(0);
    // Ada is free again: a new call of hers is not refused as 'already in a call'.
    const members = (await call("/calls/members", undefined, bayo.auth)).body.data.members;
    expect(members).toEqual([expect.objectContaining({ id: ada.id, inCall: false })]);
    adaTab.send({ type: "call.join", callId });
    expect((await adaTab.waitFor(isEvent("call.refused"))).message).toBe("This call has ended or does not exist.");
  });

  it("someone joining within the 30 s keeps the call going; the next time it is left alone, 30 s start again", async () => {
    const { ada, bayo, adaTab, bayoTab, callId } = await callAnswered();
    bayoTab.send({ type: "call.leave", callId });
    await adaTab.waitFor(isEvent("call.participant-left"));
    clock.advance(20_000);
    bayoTab.send({ type: "call.join", callId });
    await bayoTab.waitFor((frame) => frame.type === "call.joined" && bayoTab.received.filter(isEvent("call.joined")).length === 2);
    expect((await adaTab.waitFor(isEvent("call.participant-joined"))).participant.id).toBe(bayo.id);
    expect(clock.pending()).toEqual([]);
    clock.advance(60_000);
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.ended"))).toEqual([]);
    expect(await activeCalls(ada)).toEqual([{ callId, media: "video", participantCount: 2 }]);

    // A third person, then one leaves: two are still in it, no countdown.
    const adminTab = await tab(await people.admin());
    adminTab.send({ type: "call.join", callId });
    await adminTab.waitFor(isEvent("call.joined"));
    bayoTab.send({ type: "call.leave", callId });
    await adaTab.waitFor(
      (frame) => frame.type === "call.participant-left" && adaTab.received.filter(isEvent("call.participant-left")).length === 2,
    );
    expect(adaTab.received.filter(isEvent("call.participant-left")).at(-1)).toEqual({
      type: "call.participant-left",
      callId,
      userId: bayo.id,
    });
    expect(clock.pending()).toEqual([]);

    // The admin leaves too: Ada is alone again, for a fresh 30 s.
    adminTab.send({ type: "call.leave", callId });
    await adaTab.waitFor(
      (frame) => frame.type === "call.participant-left" && adaTab.received.filter(isEvent("call.participant-left")).length === 3,
    );
    expect(adaTab.received.filter(isEvent("call.participant-left")).at(-1)).toMatchObject({ aloneEndsInMs: 30_000 });
    clock.advance(30_000);
    expect(await adaTab.waitFor(isEvent("call.ended"))).toEqual({ type: "call.ended", callId, reason: "alone" });
  });

  it("the last one leaving ends the call at once and stops the countdown", async () => {
    const { ada, adaTab, bayoTab, callId } = await callAnswered();
    bayoTab.send({ type: "call.leave", callId });
    await adaTab.waitFor(isEvent("call.participant-left"));
    adaTab.send({ type: "call.leave", callId });
    await settled(adaTab);
    expect(clock.pending()).toEqual([]);
    expect(await activeCalls(ada)).toEqual([]);
  });
});
