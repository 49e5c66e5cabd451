import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { CallEvent } from "../../../shared/calls.js";
import type { RealtimeServerFrame } from "../../../shared/realtime.js";
import type { SignedIn } from "../../testing/people.js";
import { connectSignedIn, isEvent, type RealtimeTestClient } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const TURN_SECRET = "coturn-shared-secret-for-tests";
// A short ring and reconnection grace, so that the timeout and a closed tab happen within a test.
const { server, call, people } = setUpTestServer(
  { TURN_URLS: "turn:127.0.0.1:3478?transport=udp,turns:turn.crestbuild.test:5349", TURN_SECRET },
  { realtime: { ringTimeoutMs: 600, reconnectGraceMs: 200 } },
);
const sockets: RealtimeTestClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

const tab = async (who: SignedIn) => {
  const socket = await connectSignedIn(server(), who.accessToken);
  sockets.push(socket);
  return socket;
};
const callEvents = (socket: RealtimeTestClient) => socket.received.filter((frame) => frame.type.startsWith("call."));
/** Waits for a pong: every frame sent before the ping has been handled by then. */
const settled = async (socket: RealtimeTestClient) => {
  const pongs = socket.received.filter((frame) => frame.type === "pong").length;
  socket.send({ type: "ping" });
  await socket.waitFor(() => socket.received.filter((frame) => frame.type === "pong").length > pongs);
};
const joinedCall = (socket: RealtimeTestClient) => socket.waitFor(isEvent("call.joined"));
/** The next refusal this tab receives (after those it already has). */
const refusal = (socket: RealtimeTestClient) => {
  const before = socket.received.filter(isEvent("call.refused")).length;
  return socket.waitFor(
    (frame): frame is Extract<CallEvent, { type: "call.refused" }> =>
      frame.type === "call.refused" && socket.received.filter(isEvent("call.refused")).indexOf(frame) >= before,
  );
};

/** Ada and Bayo of Projects, Chidi of HR; each signed in with one tab open. */
async function projectsTeam() {
  const ada = await people.staff("ada@crestbuild.ng", "Projects", { firstName: "Ada" });
  const bayo = await people.staff("bayo@crestbuild.ng", "Projects", { firstName: "Bayo" });
  const chidi = await people.staff("chidi@crestbuild.ng", "HR", { firstName: "Chidi" });
  return { ada, bayo, chidi, adaTab: await tab(ada), bayoTab: await tab(bayo), chidiTab: await tab(chidi) };
}

/** Ada starts a video call that Bayo accepts: both tabs are in it. */
async function callAnswered() {
  const team = await projectsTeam();
  team.adaTab.send({ type: "call.start", media: "video" });
  const { callId } = await team.bayoTab.waitFor(isEvent("call.incoming"));
  team.bayoTab.send({ type: "call.join", callId });
  await joinedCall(team.bayoTab);
  await team.adaTab.waitFor(isEvent("call.participant-joined"));
  return { ...team, callId };
}

describe("/api/realtime: ringing a department", () => {
  it("rings the caller's department members who are online, with callId, from and department, and nobody else", async () => {
    const { ada, bayo, adaTab, bayoTab, chidiTab } = await projectsTeam();
    const bayoSecondTab = await tab(bayo);
    // Online but signed out of the portal: not rung. (Offline members have no tab at all.)
    await people.staff("dayo@crestbuild.ng", "Projects", { firstName: "Dayo" });

    adaTab.send({ type: "call.start", media: "video" });
    const joined = await joinedCall(adaTab);
    expect(joined.call).toMatchObject({ department: "Projects", media: "video" });
    expect(joined.call.participants).toEqual([
      { id: ada.id, name: "Ada Bakare", email: ada.email, department: "Projects", audio: true, video: true, screen: false },
    ]);
    const incoming = await bayoTab.waitFor(isEvent("call.incoming"));
    expect(incoming).toEqual({
      type: "call.incoming",
      callId: joined.call.callId,
      from: { id: ada.id, name: "Ada Bakare", email: ada.email, department: "Projects" },
      department: "Projects",
      media: "video",
    });
    // Every tab of a rung person rings.
    expect((await bayoSecondTab.waitFor(isEvent("call.incoming"))).callId).toBe(joined.call.callId);
    await settled(chidiTab);
    expect(callEvents(chidiTab)).toEqual([]);
  });

  it("does not ring someone already in a call, and refuses a second call from one who is in one", async () => {
    const { adaTab, bayoTab, callId } = await callAnswered();
    const eve = await people.staff("eve@crestbuild.ng", "Projects", { firstName: "Eve" });
    const eveTab = await tab(eve);
    // Ada and Bayo are busy: nobody is left to ring, and neither hears a thing.
    eveTab.send({ type: "call.start", media: "voice" });
    expect((await refusal(eveTab)).message).toBe("Nobody of this department can take a call right now.");
    await settled(adaTab);
    await settled(bayoTab);
    expect(adaTab.received.filter(isEvent("call.incoming"))).toEqual([]);
    expect(bayoTab.received.filter(isEvent("call.incoming")).map((frame) => frame.callId)).toEqual([callId]);
    adaTab.send({ type: "call.start", media: "voice" });
    expect((await refusal(adaTab)).message).toBe("You are already in a call.");
  });

  it("rings only chosen members; refuses one outside the department, nobody online, a client and an unknown department", async () => {
    const { adaTab, bayo, chidi, bayoTab } = await projectsTeam();
    const dayo = await people.staff("dayo@crestbuild.ng", "Projects", { firstName: "Dayo" });
    const dayoTab = await tab(dayo);

    adaTab.send({ type: "call.start", media: "voice", memberIds: [bayo.id, chidi.id] });
    expect(await refusal(adaTab)).toEqual({
      type: "call.refused",
      callId: null,
      message: "You can only call your own department's members.",
    });
    adaTab.send({ type: "call.start", media: "voice", memberIds: [dayo.id] });
    const { call: started } = await joinedCall(adaTab);
    expect((await dayoTab.waitFor(isEvent("call.incoming"))).callId).toBe(started.callId);
    await settled(bayoTab);
    expect(bayoTab.received.filter(isEvent("call.incoming"))).toEqual([]);
    // Bayo was not chosen: he may not walk into it.
    bayoTab.send({ type: "call.join", callId: started.callId });
    expect((await refusal(bayoTab)).message).toBe("You were not invited to this call.");

    const hrAlone = await tab(chidi);
    hrAlone.send({ type: "call.start", media: "video" });
    expect((await refusal(hrAlone)).message).toBe("Nobody of this department can take a call right now.");
    hrAlone.send({ type: "call.start", media: "video", department: "Projects" });
    expect((await refusal(hrAlone)).message).toBe("You can only call your own department's members.");

    const client = await people.client("client@example.com");
    const clientTab = await tab(client);
    clientTab.send({ type: "call.start", media: "video", department: "Projects" });
    clientTab.send({ type: "call.start", media: "video" });
    await settled(clientTab);
    expect(clientTab.received.filter(isEvent("call.refused")).map((frame) => frame.message)).toEqual([
      "You can only call your own department's members.",
      "You can only call your own department's members.",
    ]);
    // A malformed call frame is answered with what is wrong.
    adaTab.send({ type: "call.start", media: "video", department: "Nowhere" });
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.refused")).at(-1)?.message).toBe("Invalid call message: Choose one of the departments.");
  });

  it("lets an admin start a call for any department", async () => {
    const { bayoTab, chidiTab } = await projectsTeam();
    const adminTab = await tab(await people.admin());
    adminTab.send({ type: "call.start", media: "video", department: "Projects" });
    const { call: started } = await joinedCall(adminTab);
    expect(started.department).toBe("Projects");
    expect((await bayoTab.waitFor(isEvent("call.incoming"))).from.name).toBe("Amaka Obi");
    await settled(chidiTab);
    expect(callEvents(chidiTab)).toEqual([]);
  });
});

describe("/api/realtime: answering, declining, missing", () => {
  it("Accept joins: both tabs know who is in the call, and the person's other tabs stop ringing", async () => {
    const { ada, bayo, adaTab, bayoTab } = await projectsTeam();
    const bayoPhone = await tab(bayo);
    adaTab.send({ type: "call.start", media: "video" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));
    bayoTab.send({ type: "call.join", callId });
    const joined = await joinedCall(bayoTab);
    expect(joined.call.participants.map((participant) => participant.id)).toEqual([ada.id, bayo.id]);
    expect((await adaTab.waitFor(isEvent("call.participant-joined"))).participant).toMatchObject({ id: bayo.id, name: "Bayo Bakare" });
    expect(await bayoPhone.waitFor(isEvent("call.ring-ended"))).toEqual({ type: "call.ring-ended", callId, reason: "answered" });
  });

  it("Decline clears the ring on every tab of that person and is kept in the history", async () => {
    const { adaTab, bayo, bayoTab } = await projectsTeam();
    const bayoPhone = await tab(bayo);
    adaTab.send({ type: "call.start", media: "voice" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));
    bayoTab.send({ type: "call.decline", callId });
    expect(await bayoPhone.waitFor(isEvent("call.ring-ended"))).toEqual({ type: "call.ring-ended", callId, reason: "declined" });
    // Declining twice (or a call that does not ring) is refused.
    bayoTab.send({ type: "call.decline", callId });
    expect((await refusal(bayoTab)).message).toBe("This call has ended or does not exist.");
    const history = await call("/calls", undefined, bayo.auth);
    expect(history.body.data.items[0]).toMatchObject({ callId, media: "voice", missed: false, answeredBy: [], endedAt: null });
  });

  it("an unanswered ring stops after the timeout: a missed call in the bell and the history; the caller's call ends", async () => {
    const { ada, adaTab, bayo, bayoTab } = await projectsTeam();
    adaTab.send({ type: "call.start", media: "video" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));
    expect(await bayoTab.waitFor(isEvent("call.ring-ended"))).toEqual({ type: "call.ring-ended", callId, reason: "missed" });
    expect((await bayoTab.waitFor(isEvent("notification"))).notification).toMatchObject({
      kind: "call_missed",
      title: "Missed call from Ada Bakare",
      link: "/call",
    });
    expect(await adaTab.waitFor(isEvent("call.ended"))).toEqual({ type: "call.ended", callId, reason: "no-answer" });
    const history = (await call("/calls", undefined, bayo.auth)).body.data;
    expect(history.items).toEqual([
      expect.objectContaining({
        callId,
        missed: true,
        answeredBy: [],
        durationSeconds: null,
        caller: expect.objectContaining({ id: ada.id }),
      }),
    ]);
    expect(history.items[0].endedAt).not.toBeNull();
    bayoTab.send({ type: "call.join", callId });
    expect((await refusal(bayoTab)).message).toBe("This call has ended or does not exist.");
  });
});

describe("/api/realtime: a demoted member's open tab", () => {
  const changeAccount = async (path: string, body: unknown) =>
    expect((await call(path, body, (await people.admin()).auth, "PUT")).status).toBe(200);

  it("a member moved to another department stops ringing at once and cannot join or start the old department's call", async () => {
    const { bayo, adaTab, bayoTab } = await projectsTeam();
    adaTab.send({ type: "call.start", media: "video" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));

    await changeAccount(`/admin/users/${bayo.id}/department`, { department: "HR" });
    expect(await bayoTab.waitFor(isEvent("call.ring-ended"))).toEqual({ type: "call.ring-ended", callId, reason: "ended" });
    bayoTab.send({ type: "call.join", callId });
    expect((await refusal(bayoTab)).message).toBe("You can only call your own department's members.");
    bayoTab.send({ type: "call.start", media: "voice", department: "Projects" });
    expect((await refusal(bayoTab)).message).toBe("You can only call your own department's members.");
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.participant-joined"))).toEqual([]);
  });

  it("staff made a client cannot start a call on the tab they had open, and nobody is rung", async () => {
    const { bayo, adaTab, bayoTab } = await projectsTeam();
    await changeAccount(`/admin/users/${bayo.id}/role`, { role: "user" });
    bayoTab.send({ type: "call.start", media: "video", department: "Projects" });
    bayoTab.send({ type: "call.start", media: "video" });
    await settled(bayoTab);
    expect(bayoTab.received.filter(isEvent("call.refused")).map((frame) => frame.message)).toEqual([
      "You can only call your own department's members.",
      "You can only call your own department's members.",
    ]);
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.incoming"))).toEqual([]);
    // Nor is the new client rung for the department he left.
    adaTab.send({ type: "call.start", media: "voice", memberIds: [bayo.id] });
    expect((await refusal(adaTab)).message).toBe("You can only call your own department's members.");
  });
});

describe("/api/realtime: signalling only between participants", () => {
  it("relays offers, answers and candidates to the other participant's tab in the call only", async () => {
    const { ada, bayo, adaTab, bayoTab, callId } = await callAnswered();
    const adaOtherTab = await tab(ada);
    bayoTab.send({ type: "call.offer", callId, to: ada.id, sdp: "v=0 offer" });
    expect(await adaTab.waitFor(isEvent("call.offer"))).toEqual({ type: "call.offer", callId, from: bayo.id, sdp: "v=0 offer" });
    adaTab.send({ type: "call.answer", callId, to: bayo.id, sdp: "v=0 answer" });
    expect(await bayoTab.waitFor(isEvent("call.answer"))).toEqual({ type: "call.answer", callId, from: ada.id, sdp: "v=0 answer" });
    const candidate = { candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    adaTab.send({ type: "call.candidate", callId, to: bayo.id, candidate });
    expect(await bayoTab.waitFor(isEvent("call.candidate"))).toEqual({ type: "call.candidate", callId, from: ada.id, candidate });
    await settled(adaOtherTab);
    expect(callEvents(adaOtherTab)).toEqual([]);
  });

  it("refuses an SDP or candidate frame from someone not in the call, or from a tab of a participant not in it", async () => {
    const { ada, bayo, adaTab, chidiTab, callId } = await callAnswered();
    const bayoOtherTab = await tab(bayo);
    const refusedFrames: unknown[] = [
      { type: "call.offer", callId, to: ada.id, sdp: "v=0 intruder" },
      { type: "call.answer", callId, to: ada.id, sdp: "v=0 intruder" },
      { type: "call.candidate", callId, to: ada.id, candidate: { candidate: "candidate:1 1 udp 1 10.0.0.1 1 typ host" } },
      { type: "call.media", callId, audio: false, video: false, screen: true },
      { type: "call.join", callId },
      { type: "call.leave", callId },
    ];
    for (const frame of refusedFrames) chidiTab.send(frame);
    await settled(chidiTab);
    expect(chidiTab.received.filter(isEvent("call.refused")).map((frame) => frame.message)).toEqual([
      "You are not in this call.",
      "You are not in this call.",
      "You are not in this call.",
      "You are not in this call.",
      "You can only call your own department's members.",
      "You are not in this call.",
    ]);
    bayoOtherTab.send({ type: "call.offer", callId, to: ada.id, sdp: "v=0 from the wrong tab" });
    expect((await refusal(bayoOtherTab)).message).toBe("You are not in this call.");
    // To oneself, or to someone not in the call.
    adaTab.send({ type: "call.offer", callId, to: ada.id, sdp: "v=0" });
    adaTab.send({ type: "call.offer", callId, to: "00000000-0000-4000-8000-000000000000", sdp: "v=0" });
    await settled(adaTab);
    expect(adaTab.received.filter(isEvent("call.refused"))).toHaveLength(2);
    expect(adaTab.received.filter(isEvent("call.offer"))).toEqual([]);
  });

  it("tells the others about a participant's camera, microphone and screen", async () => {
    const { bayo, adaTab, bayoTab, callId } = await callAnswered();
    bayoTab.send({ type: "call.media", callId, audio: true, video: false, screen: true });
    expect(await adaTab.waitFor(isEvent("call.media"))).toEqual({
      type: "call.media",
      callId,
      userId: bayo.id,
      audio: true,
      video: false,
      screen: true,
    });
  });

  it("tells a tab sending a flood of call frames to slow down", async () => {
    const { adaTab, callId } = await callAnswered();
    for (let index = 0; index < 205; index += 1) adaTab.send({ type: "call.media", callId, audio: true, video: true, screen: false });
    expect((await refusal(adaTab)).message).toBe("Too many call messages; slow down.");
  });
});

describe("/api/realtime: leaving", () => {
  it("a leaving participant leaves the others' call; the call ends with the last one and the history has its length", async () => {
    const { bayo, ada, adaTab, bayoTab, callId } = await callAnswered();
    bayoTab.send({ type: "call.leave", callId });
    // Ada is left alone: she is told the call ends in 30 s unless someone joins (calls-alone.test.ts).
    expect(await adaTab.waitFor(isEvent("call.participant-left"))).toEqual({
      type: "call.participant-left",
      callId,
      userId: bayo.id,
      aloneEndsInMs: 30_000,
    });
    adaTab.send({ type: "call.leave", callId });
    await settled(adaTab);
    const [item] = (await call("/calls", undefined, ada.auth)).body.data.items;
    expect(item).toMatchObject({ callId, missed: false, answeredBy: [expect.objectContaining({ id: bayo.id })] });
    expect(item.endedAt).not.toBeNull();
    expect(item.durationSeconds).toBeGreaterThanOrEqual(0);
    adaTab.send({ type: "call.join", callId });
    expect((await refusal(adaTab)).message).toBe("This call has ended or does not exist.");
  });

  it("a participant whose tab closes leaves the call after the grace period; a tab that comes back in time stays", async () => {
    const { ada, bayo, adaTab, bayoTab, callId } = await callAnswered();
    // Ada's connection drops and a new one resumes the call within the grace period.
    adaTab.close();
    await adaTab.closed;
    const adaAgain = await tab(ada);
    adaAgain.send({ type: "call.resume", callId });
    expect((await joinedCall(adaAgain)).call.participants.map((participant) => participant.id)).toEqual([ada.id, bayo.id]);
    bayoTab.send({ type: "call.offer", callId, to: ada.id, sdp: "v=0 after the reconnection" });
    expect((await adaAgain.waitFor(isEvent("call.offer"))).sdp).toBe("v=0 after the reconnection");

    bayoTab.close();
    expect(await adaAgain.waitFor(isEvent("call.participant-left"), 3_000)).toEqual({
      type: "call.participant-left",
      callId,
      userId: bayo.id,
      aloneEndsInMs: 30_000,
    });
    const bayoLate = await tab(bayo);
    bayoLate.send({ type: "call.resume", callId });
    expect((await refusal(bayoLate)).message).toBe("This call has ended or does not exist.");
  });

  it("keeps a call to 6: of 6 people answering at once, 5 get in", async () => {
    const caller = await people.staff("caller@crestbuild.ng", "Secretariat", { firstName: "Kemi" });
    const callerTab = await tab(caller);
    // Signed in one after another: six sign-ins at once from one address would meet its lockout of 5 attempts.
    const others: Awaited<ReturnType<typeof tab>>[] = [];
    for (const letter of ["a", "b", "c", "d", "e", "f"])
      others.push(await tab(await people.staff(`${letter}@crestbuild.ng`, "Secretariat")));
    callerTab.send({ type: "call.start", media: "voice" });
    const rings = await Promise.all(others.map((other) => other.waitFor(isEvent("call.incoming"))));
    const callId = rings[0]?.callId;
    for (const other of others) other.send({ type: "call.join", callId });
    const outcomes = await Promise.all(
      others.map((other) => other.waitFor((frame: RealtimeServerFrame) => frame.type === "call.joined" || frame.type === "call.refused")),
    );
    expect(outcomes.filter((frame) => frame.type === "call.joined")).toHaveLength(5);
    expect(
      outcomes.filter((frame) => frame.type === "call.refused").map((frame) => (frame as CallEvent & { message: string }).message),
    ).toEqual(["This call is full (6 people)."]);
  });
});

describe("/api/calls", () => {
  it("hands out STUN and TURN entries with coturn REST credentials valid one hour, never the secret, to someone in a call", async () => {
    const { ada } = await callAnswered();
    const response = await call("/calls/ice-servers", undefined, ada.auth);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { iceServers, expiresAt } = response.body.data;
    expect(iceServers[0]).toEqual({ urls: ["stun:127.0.0.1:3478"] });
    const turn = iceServers[1];
    expect(turn.urls).toEqual(["turn:127.0.0.1:3478?transport=udp", "turns:turn.crestbuild.test:5349"]);
    const [expiry, userId] = turn.username.split(":");
    expect(userId).toBe(ada.id);
    expect(Number(expiry) * 1000 - Date.now()).toBeGreaterThan(3590_000);
    expect(Number(expiry) * 1000 - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(new Date(expiresAt).getTime()).toBe(Number(expiry) * 1000);
    expect(turn.credential).toBe(createHmac("sha1", TURN_SECRET).update(turn.username).digest("base64"));
    expect(JSON.stringify(response.body)).not.toContain(TURN_SECRET);
  });

  it("hands TURN credentials only to someone rung for a call or in one: not before, nor after it ended", async () => {
    const { ada, bayo, chidi, adaTab, bayoTab } = await projectsTeam();
    const iceServers = (who: SignedIn) => call("/calls/ice-servers", undefined, who.auth);
    for (const who of [ada, bayo]) {
      const refused = await iceServers(who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        success: false,
        message: "Relay servers are given only to people in a call or being rung for one.",
        error: "not_in_call",
      });
    }

    adaTab.send({ type: "call.start", media: "voice" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));
    // The caller in the call and the colleague being rung; not someone of another department.
    expect((await iceServers(ada)).status).toBe(200);
    expect((await iceServers(bayo)).status).toBe(200);
    expect((await iceServers(chidi)).status).toBe(403);

    bayoTab.send({ type: "call.decline", callId });
    await bayoTab.waitFor(isEvent("call.ring-ended"));
    expect((await iceServers(bayo)).status).toBe(403);
    adaTab.send({ type: "call.leave", callId });
    await settled(adaTab);
    expect((await iceServers(ada)).status).toBe(403);
  });

  it("keeps the ICE servers, members and history to signed-in staff and admins", async () => {
    const client = await people.client("client@example.com");
    for (const path of ["/calls/ice-servers", "/calls/members", "/calls"]) {
      expect((await call(path)).status).toBe(401);
      expect((await call(path, undefined, client.auth)).status).toBe(403);
    }
  });

  it("lists the department's members with who is online and in a call, and the calls going on", async () => {
    const { ada, bayo, chidi, callId } = await callAnswered();
    const dayo = await people.staff("dayo@crestbuild.ng", "Projects", { firstName: "Dayo" });
    const members = await call("/calls/members", undefined, ada.auth);
    expect(members.body.data).toEqual({
      department: "Projects",
      members: [
        expect.objectContaining({ id: bayo.id, name: "Bayo Bakare", online: true, inCall: true }),
        expect.objectContaining({ id: dayo.id, name: "Dayo Bakare", online: false, inCall: false }),
      ],
      activeCalls: [{ callId, media: "video", participantCount: 2 }],
    });
    expect((await call("/calls/members?department=Projects", undefined, chidi.auth)).status).toBe(403);
    for (const department of ["Nowhere", "General Users"]) {
      // General Users is every client's: no department to call.
      expect((await call(`/calls/members?department=${department}`, undefined, ada.auth)).body.fields).toEqual({
        department: "Choose one of the departments.",
      });
    }
    const admin = await people.admin();
    expect((await call("/calls/members?department=Projects", undefined, admin.auth)).body.data.members).toHaveLength(3);
  });

  it("lets an admin join any department's call", async () => {
    const { adaTab, callId } = await callAnswered();
    const adminTab = await tab(await people.admin());
    adminTab.send({ type: "call.join", callId });
    expect((await joinedCall(adminTab)).call.participants).toHaveLength(3);
    expect((await adaTab.waitFor((frame) => frame.type === "call.participant-joined" && frame.participant.name === "Amaka Obi")).type).toBe(
      "call.participant-joined",
    );
  });
});

describe("/api/calls without TURN", () => {
  const plain = setUpTestServer();
  it("answers no ICE servers: host candidates only", async () => {
    const ada = await plain.people.staff("ada@crestbuild.ng", "Projects");
    expect((await plain.call("/calls/ice-servers", undefined, ada.auth)).body.data).toEqual({ iceServers: [], expiresAt: null });
  });
});
