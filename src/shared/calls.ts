import { z } from "zod";
import type { CallPerson } from "./answers/calls.js";
import { type CallMedia, callMediaKinds } from "./call-terms.js";
import { staffDepartmentNames } from "./departments.js";

export * from "./call-terms.js";

/**
 * Department video and voice calls (docs/product.md#product): WebRTC between the browsers, signalled over
 * /api/realtime. The frames below are what a tab sends; the events are what the server pushes.
 */

/** The answers' shapes are in ./answers/calls.ts (type-only here: the browser never bundles them). */
export type {
  ActiveDepartmentCall,
  CallHistory,
  CallHistoryItem,
  CallMember,
  CallMembers,
  CallPerson,
  IceServerList,
} from "./answers/calls.js";

/** docs/product.md#records participant: id, name, email, department, and what they send. */
export type CallParticipant = CallPerson & { audio: boolean; video: boolean; screen: boolean };

/** docs/product.md#records incoming call: callId, from, department (and whether it is a video or a voice call). */
export type IncomingCall = { callId: string; from: CallPerson; department: string; media: CallMedia };

/** A call as a participant's tab sees it when it joins. */
export type CallSnapshot = { callId: string; department: string; media: CallMedia; participants: CallParticipant[] };

export type MediaFlags = { audio: boolean; video: boolean; screen: boolean };

/** Why a call ended: its last participant left, nobody answered, or one was left alone in it too long. */
export type CallEndReason = "everyone-left" | "no-answer" | "alone";

/** Why a ring stopped on a person's tabs. */
export type RingEndReason = "answered" | "declined" | "missed" | "ended";

const callId = z.uuid("callId must be a call id.");
const peerId = z.uuid("to must be a participant's user id.");
// The realtime connection refuses frames over 16 KB: an SDP of a few kilobytes fits with room to spare.
const sdp = z.string().min(1).max(14_000);
const mediaFlags = { audio: z.boolean(), video: z.boolean(), screen: z.boolean() };

/** What a tab sends about calls over /api/realtime (added to realtimeClientFrameSchema). */
export const callClientFrameSchemas = [
  z.object({
    type: z.literal("call.start"),
    media: z.enum(callMediaKinds),
    /** Admins choose any department; staff call their own (the default). */
    department: z.enum(staffDepartmentNames, { error: "Choose one of the departments." }).optional(),
    /** Chosen members of the department; the whole department (who is online) when absent. */
    memberIds: z.array(z.uuid()).min(1).max(50).optional(),
  }),
  z.object({ type: z.literal("call.join"), callId }),
  z.object({ type: z.literal("call.decline"), callId }),
  z.object({ type: z.literal("call.leave"), callId }),
  /** After the realtime connection came back: this tab is still in the call. */
  z.object({ type: z.literal("call.resume"), callId }),
  z.object({ type: z.literal("call.media"), callId, ...mediaFlags }),
  z.object({ type: z.literal("call.offer"), callId, to: peerId, sdp }),
  z.object({ type: z.literal("call.answer"), callId, to: peerId, sdp }),
  z.object({
    type: z.literal("call.candidate"),
    callId,
    to: peerId,
    candidate: z.object({
      candidate: z.string().max(1000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
] as const;

export type CallCandidate = { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null; usernameFragment?: string | null };

/** What the server pushes about calls (part of RealtimeEvent). */
export type CallEvent =
  | ({ type: "call.incoming" } & IncomingCall)
  | { type: "call.ring-ended"; callId: string; reason: RingEndReason }
  /** This tab is in the call: who is there (the joiner then offers a connection to each of them). */
  | { type: "call.joined"; call: CallSnapshot }
  | { type: "call.participant-joined"; callId: string; participant: CallParticipant }
  /**
   * Someone left the call. aloneEndsInMs: the receiver is now alone in it, and the call ends that long after this
   * event unless someone joins (CALL_ALONE_TIMEOUT_MS).
   */
  | { type: "call.participant-left"; callId: string; userId: string; aloneEndsInMs?: number }
  | ({ type: "call.media"; callId: string; userId: string } & MediaFlags)
  | { type: "call.offer"; callId: string; from: string; sdp: string }
  | { type: "call.answer"; callId: string; from: string; sdp: string }
  | { type: "call.candidate"; callId: string; from: string; candidate: CallCandidate }
  | { type: "call.ended"; callId: string; reason: CallEndReason }
  /** A call frame the server did not accept, with the reason. */
  | { type: "call.refused"; callId: string | null; message: string };

/** GET /api/calls/members?department= (the viewer's own department by default). */
export const callMembersQuerySchema = z.object({
  department: z.enum(staffDepartmentNames, { error: "Choose one of the departments." }).optional(),
});

/** GET /api/calls?before=: the page of calls started before that time (the newest without it). */
export const callHistoryQuerySchema = z.object({ before: z.iso.datetime({ message: "before must be an ISO date and time." }).optional() });
export const CALL_HISTORY_PAGE_SIZE = 20;
