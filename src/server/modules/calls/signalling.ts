import { canUseDepartmentChannel, type Viewer } from "../../../shared/access.js";
import {
  CALL_ALONE_TIMEOUT_MS,
  CALL_MAX_PARTICIPANTS,
  CALL_RECONNECT_GRACE_MS,
  type CallEndReason,
  type CallParticipant,
  callRefusals,
} from "../../../shared/calls.js";
import { isDepartmentName } from "../../../shared/departments.js";
import { connectionAddress } from "../../platform/realtime-hub.js";
import type { CallFrameHandlers, RealtimeConnection } from "../realtime/index.js";
import type { ActiveCall, Participant } from "./call-store.js";
import { createRinging, type RingingDeps } from "./ringing.js";

/** How the alone timer is set and cleared: the runtime's own timers, or a clock a test drives. */
export type CallTimers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const runtimeTimers: CallTimers = {
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Deps = RingingDeps & { reconnectGraceMs?: number; aloneTimeoutMs?: number; aloneTimers?: CallTimers };

type Refusal = keyof typeof callRefusals;

const viewerOf = ({ claims }: RealtimeConnection): Viewer => ({ id: claims.userId, role: claims.role, department: claims.department });
const publicParticipant = ({ connectionId: _connection, ...participant }: Participant): CallParticipant => participant;

/** Tells a tab it is in the call, and who else is. */
function sendSnapshot(connection: RealtimeConnection, call: ActiveCall, participants: readonly Participant[]) {
  connection.send({
    type: "call.joined",
    call: {
      callId: call.id,
      department: call.department,
      media: call.media,
      participants: participants.map(publicParticipant),
    },
  });
}

/**
 * The call frames of /api/realtime: start, join, decline, leave, resume, media flags, and the relay of
 * offers, answers and ICE candidates, which reach only the other participant's tab in the call.
 * Every frame is checked against the database, so any instance can take any frame (with REDIS_URL).
 */
export function createCallSignalling({
  store,
  hub,
  notify,
  log,
  ringTimeoutMs,
  reconnectGraceMs = CALL_RECONNECT_GRACE_MS,
  aloneTimeoutMs = CALL_ALONE_TIMEOUT_MS,
  aloneTimers = runtimeTimers,
}: Deps) {
  const ringing = createRinging({ store, hub, notify, log, ringTimeoutMs });
  const leaveTimers = new Set<NodeJS.Timeout>();
  /** The calls left with one participant, by call id: each ends when its timer runs out unless someone joins first. */
  const aloneTimersByCall = new Map<string, unknown>();

  const refuse = (connection: RealtimeConnection, callId: string | null, refusal: Refusal) =>
    connection.send({ type: "call.refused", callId, message: callRefusals[refusal] });

  const toConnections = (participants: readonly Participant[]) =>
    participants.flatMap((participant) => (participant.connectionId ? [connectionAddress(participant.connectionId)] : []));

  function cancelAloneTimer(callId: string) {
    if (!aloneTimersByCall.has(callId)) return;
    aloneTimers.clearTimeout(aloneTimersByCall.get(callId));
    aloneTimersByCall.delete(callId);
  }

  /**
   * The call ends after aloneTimeoutMs with one participant, unless someone joins meanwhile. The timer lives on the
   * instance that saw the leave; when it runs out the database says whether the call is still down to one (a join
   * through another instance does not reach this timer).
   */
  function startAloneTimer(callId: string) {
    cancelAloneTimer(callId);
    const timer = aloneTimers.setTimeout(() => {
      if (aloneTimersByCall.get(callId) !== timer) return;
      aloneTimersByCall.delete(callId);
      store
        .participants(callId)
        .then(async (still) => {
          if (still.length <= 1) await endCall(callId, "alone", still);
        })
        .catch((error: unknown) => log.error({ err: error, callId }, "ending a call left with one participant failed"));
    }, aloneTimeoutMs);
    aloneTimersByCall.set(callId, timer);
  }

  /**
   * After someone left: the others are told (the one left alone, also when the call ends unless someone joins); the
   * call ends with its last participant.
   */
  async function afterLeaving(callId: string, userId: string) {
    const remaining = await store.participants(callId);
    if (remaining.length > 1) {
      await hub.publish(toConnections(remaining), { type: "call.participant-left", callId, userId });
      return;
    }
    if (remaining.length === 1) {
      startAloneTimer(callId);
      await hub.publish(toConnections(remaining), { type: "call.participant-left", callId, userId, aloneEndsInMs: aloneTimeoutMs });
      return;
    }
    await endCall(callId, "everyone-left");
  }

  async function endCall(callId: string, reason: CallEndReason, participants: readonly Participant[] = []) {
    if (!(await store.end(callId))) return;
    ringing.cancel(callId);
    cancelAloneTimer(callId);
    await ringing.stopRinging(callId, await callerNameOf(callId));
    if (participants.length > 0) await hub.publish(toConnections(participants), { type: "call.ended", callId, reason });
  }

  async function callerNameOf(callId: string) {
    return (await store.callerOf(callId))?.name ?? "a colleague";
  }

  async function leave(callId: string, userId: string, connectionId?: string) {
    if (!(await store.leave(callId, userId, connectionId))) return false;
    await afterLeaving(callId, userId);
    return true;
  }

  const handlers: CallFrameHandlers = {
    async "call.start"(frame, connection) {
      const viewer = viewerOf(connection);
      const department = frame.department ?? viewer.department;
      if (!isDepartmentName(department) || !canUseDepartmentChannel(viewer, department)) return refuse(connection, null, "notAllowed");
      if ((await store.inACall([viewer.id])).size > 0) return refuse(connection, null, "alreadyInCall");
      const members = await store.departmentMembers(department, viewer.id);
      const memberIds = new Set(members.map((member) => member.id));
      // Nobody outside the department is ever rung: a chosen id that is not a member refuses the whole call.
      if (frame.memberIds?.some((id) => !memberIds.has(id))) return refuse(connection, null, "notAllowed");
      const wanted = frame.memberIds ? [...new Set(frame.memberIds)] : [...memberIds];
      const online = await hub.online(wanted);
      const busy = await store.inACall(online);
      const rungIds = online.filter((id) => !busy.has(id));
      if (rungIds.length === 0) return refuse(connection, null, "nobodyToCall");

      const callId = await store.create({
        department,
        media: frame.media,
        callerId: viewer.id,
        connectionId: connection.connectionId,
        invitedOnly: frame.memberIds !== undefined,
        rungIds,
      });
      const call = await store.activeCall(callId);
      const participants = await store.participants(callId);
      const caller = participants.find((participant) => participant.id === viewer.id);
      if (!call || !caller) throw new Error("the call just created is not there");
      sendSnapshot(connection, call, participants);
      const from = { id: caller.id, name: caller.name, email: caller.email, department: caller.department };
      await hub.publish(rungIds, { type: "call.incoming", callId, from, department, media: frame.media });
      ringing.schedule(callId, from.name, async () => {
        // Nobody answered: the caller, alone in the call, is told and the call ends.
        const still = await store.participants(callId);
        const current = await store.activeCall(callId);
        if (current && !current.answeredAt && still.every((participant) => participant.id === viewer.id))
          await endCall(callId, "no-answer", still);
      });
    },

    async "call.join"(frame, connection) {
      const viewer = viewerOf(connection);
      const joined = await store.join(frame.callId, viewer.id, connection.connectionId, async (call, participants, member) => {
        if (!canUseDepartmentChannel(viewer, call.department)) return "notAllowed";
        if (call.invitedOnly && !member && viewer.role !== "admin") return "notInvited";
        if (participants.length >= CALL_MAX_PARTICIPANTS) return "full";
        return null;
      });
      if ("refused" in joined) return refuse(connection, frame.callId, joined.refused as Refusal);
      const { call, participants } = joined;
      if (participants.length > 1) cancelAloneTimer(call.id);
      sendSnapshot(connection, call, participants);
      const others = participants.filter((participant) => participant.id !== viewer.id);
      const me = participants.find((participant) => participant.id === viewer.id);
      if (me)
        await hub.publish(toConnections(others), { type: "call.participant-joined", callId: call.id, participant: publicParticipant(me) });
      // The person's other tabs stop ringing.
      await hub.publish([viewer.id], { type: "call.ring-ended", callId: call.id, reason: "answered" });
    },

    async "call.decline"(frame, connection) {
      const userId = connection.claims.userId;
      if (!(await store.decline(frame.callId, userId))) return refuse(connection, frame.callId, "notFound");
      await hub.publish([userId], { type: "call.ring-ended", callId: frame.callId, reason: "declined" });
    },

    async "call.leave"(frame, connection) {
      if (!(await leave(frame.callId, connection.claims.userId, connection.connectionId)))
        refuse(connection, frame.callId, "notParticipant");
    },

    async "call.resume"(frame, connection) {
      const userId = connection.claims.userId;
      if (!(await store.resume(frame.callId, userId, connection.connectionId))) return refuse(connection, frame.callId, "notFound");
      const call = await store.activeCall(frame.callId);
      if (!call) return refuse(connection, frame.callId, "notFound");
      sendSnapshot(connection, call, await store.participants(frame.callId));
    },

    async "call.media"(frame, connection) {
      const { callId, audio, video, screen } = frame;
      const userId = connection.claims.userId;
      if (!(await store.setMedia(callId, userId, connection.connectionId, { audio, video, screen })))
        return refuse(connection, callId, "notParticipant");
      const others = (await store.participants(callId)).filter((participant) => participant.id !== userId);
      await hub.publish(toConnections(others), { type: "call.media", callId, userId, audio, video, screen });
    },

    "call.offer": (frame, connection) => relay(connection, frame.callId, frame.to, { type: "call.offer", sdp: frame.sdp }),
    "call.answer": (frame, connection) => relay(connection, frame.callId, frame.to, { type: "call.answer", sdp: frame.sdp }),
    "call.candidate": (frame, connection) =>
      relay(connection, frame.callId, frame.to, { type: "call.candidate", candidate: frame.candidate }),
  };

  type Relayed =
    | { type: "call.offer"; sdp: string }
    | { type: "call.answer"; sdp: string }
    | { type: "call.candidate"; candidate: Parameters<CallFrameHandlers["call.candidate"]>[0]["candidate"] };

  /** Passes an offer, answer or candidate to one other participant's tab, when both are in the call. */
  async function relay(connection: RealtimeConnection, callId: string, to: string, payload: Relayed) {
    const target = await store.relayTarget(callId, connection.claims.userId, connection.connectionId, to);
    if (!target) return refuse(connection, callId, "notParticipant");
    await hub.publish([connectionAddress(target)], { ...payload, callId, from: connection.claims.userId });
  }

  return {
    // Too many frames from one tab are refused before they get here (src/server/modules/realtime/limits.ts).
    frameHandlers: handlers,

    /**
     * An admin changed the person's role or department: the calls of a department they may no longer use stop
     * ringing them (call.join is refused them anyway, since every frame is served as they are now).
     */
    async accessChanged(connection: RealtimeConnection) {
      const viewer = viewerOf(connection);
      for (const { callId, department } of await store.ringingFor(viewer.id)) {
        if (canUseDepartmentChannel(viewer, department)) continue;
        if (await store.decline(callId, viewer.id)) await hub.publish([viewer.id], { type: "call.ring-ended", callId, reason: "ended" });
      }
    },

    /** A tab's connection closed: if it was in a call, it leaves after a grace period unless it resumed on a new connection. */
    connectionClosed(connection: RealtimeConnection) {
      void store
        .callsOnConnection(connection.connectionId)
        .then((inCalls) => {
          for (const { callId, userId } of inCalls) {
            const timer = setTimeout(() => {
              leaveTimers.delete(timer);
              leave(callId, userId, connection.connectionId).catch((error: unknown) =>
                log.error({ err: error, callId }, "taking a closed tab out of its call failed"),
              );
            }, reconnectGraceMs);
            timer.unref();
            leaveTimers.add(timer);
          }
        })
        .catch((error: unknown) => log.error({ err: error }, "looking up a closed tab's calls failed"));
    },

    close() {
      ringing.close();
      for (const timer of leaveTimers) clearTimeout(timer);
      leaveTimers.clear();
      for (const timer of aloneTimersByCall.values()) aloneTimers.clearTimeout(timer);
      aloneTimersByCall.clear();
    },
  };
}

export type CallSignalling = ReturnType<typeof createCallSignalling>;
