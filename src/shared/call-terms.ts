// Without zod, so that every portal screen can ring and refuse calls without loading the validators.

/** A mesh: every participant sends to every other one, so more than a handful would choke a phone's uplink. */
export const CALL_MAX_PARTICIPANTS = 6;
/** An unanswered ring stops after this long and becomes a missed call. */
export const CALL_RING_TIMEOUT_MS = 30_000;
/**
 * A call that drops to one participant (the others left) ends after this long unless someone joins: the one left is
 * told who left and sees the time run out.
 */
export const CALL_ALONE_TIMEOUT_MS = 30_000;
/** A participant whose tab lost its realtime connection has this long to come back before leaving the call. */
export const CALL_RECONNECT_GRACE_MS = 5_000;
/**
 * TURN credentials (coturn REST style) are valid this long: a working day's longest call. They are handed out only
 * to someone rung for a call or in one (iceServersRefused otherwise), and cannot be revoked before they expire.
 */
export const TURN_CREDENTIAL_TTL_SECONDS = 3600;
export const iceServersRefused = "Relay servers are given only to people in a call or being rung for one.";

export const callMediaKinds = ["video", "voice"] as const;
export type CallMedia = (typeof callMediaKinds)[number];

/** Refusals a tab can receive (call.refused). */
export const callRefusals = {
  notAllowed: "You can only call your own department's members.",
  notFound: "This call has ended or does not exist.",
  notParticipant: "You are not in this call.",
  full: `This call is full (${CALL_MAX_PARTICIPANTS} people).`,
  alreadyInCall: "You are already in a call.",
  notInvited: "You were not invited to this call.",
  nobodyToCall: "Nobody of this department can take a call right now.",
  tooFast: "Too many call messages; slow down.",
} as const;
