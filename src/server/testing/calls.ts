import { expect } from "vitest";
import { isEvent, type RealtimeTestClient } from "./realtime-client.js";

/**
 * One colleague rings another over the realtime connection, who joins; the answering side's offer reaches the caller
 * and the caller's answer comes back. Returns the call's id. (The two tabs may be on two instances.)
 */
export async function ringJoinAndNegotiate(
  caller: { tab: RealtimeTestClient; id: string },
  callee: { tab: RealtimeTestClient; id: string },
  sdp: { offer: string; answer: string },
): Promise<string> {
  caller.tab.send({ type: "call.start", media: "video" });
  const { callId } = await callee.tab.waitFor(isEvent("call.incoming"));
  callee.tab.send({ type: "call.join", callId });
  await callee.tab.waitFor(isEvent("call.joined"));
  expect((await caller.tab.waitFor(isEvent("call.participant-joined"))).participant.id).toBe(callee.id);
  callee.tab.send({ type: "call.offer", callId, to: caller.id, sdp: sdp.offer });
  expect((await caller.tab.waitFor(isEvent("call.offer"))).sdp).toBe(sdp.offer);
  caller.tab.send({ type: "call.answer", callId, to: callee.id, sdp: sdp.answer });
  expect((await callee.tab.waitFor(isEvent("call.answer"))).sdp).toBe(sdp.answer);
  return callId;
}
