import { z } from "zod";
import { callMediaKinds } from "../call-terms.js";
import { count, instant } from "./common.js";

const callMedia = z.enum(callMediaKinds);

/** A person as a call shows them. */
export const callPerson = z.object({ id: z.string(), name: z.string(), email: z.string(), department: z.string() });
export type CallPerson = z.output<typeof callPerson>;

/** GET /api/calls/ice-servers: STUN and TURN entries for RTCPeerConnection; an empty list means host candidates only. */
export const iceServerList = z.object({
  iceServers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
  /** When the TURN credentials stop working (ISO time); null without TURN. */
  expiresAt: instant.nullable(),
});
export type IceServerList = z.output<typeof iceServerList>;

/** A department member as /call lists them. */
export const callMember = callPerson.extend({ online: z.boolean(), inCall: z.boolean() });
export type CallMember = z.output<typeof callMember>;

/** A call going on in the department, which its members (and admins) may join. */
export const activeDepartmentCall = z.object({ callId: z.string(), media: callMedia, participantCount: count });
export type ActiveDepartmentCall = z.output<typeof activeDepartmentCall>;

/** GET /api/calls/members?department= (the viewer's own department by default). */
export const callMembers = z.object({ department: z.string(), members: z.array(callMember), activeCalls: z.array(activeDepartmentCall) });
export type CallMembers = z.output<typeof callMembers>;

/** One call in the history: who called, who answered, when, how long, missed. */
export const callHistoryItem = z.object({
  callId: z.string(),
  department: z.string(),
  media: callMedia,
  caller: callPerson.nullable(),
  answeredBy: z.array(callPerson),
  startedAt: instant,
  endedAt: instant.nullable(),
  /** From the first answer to the end; null when nobody answered or it is still going on. */
  durationSeconds: count.nullable(),
  /** The viewer was rung and did not answer. */
  missed: z.boolean(),
});
export type CallHistoryItem = z.output<typeof callHistoryItem>;

/** GET /api/calls: the viewer's calls, newest first, a page at a time. */
export const callHistory = z.object({ items: z.array(callHistoryItem), hasMore: z.boolean() });
export type CallHistory = z.output<typeof callHistory>;
