import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { decodeJwt } from "jose";
import type { RawData, WebSocket } from "ws";
import { authMessages, mfaEnrolmentRequiredMessage } from "../../../shared/auth.js";
import { callRefusals } from "../../../shared/calls.js";
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHENTICATED,
  type RealtimeServerFrame,
  realtimeClientFrameSchema,
} from "../../../shared/realtime.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AccessCheck, AccessClaims, SessionCheck } from "../../platform/authenticate.js";
import { connectionAddress, type PresenceLease, type RealtimeHub } from "../../platform/realtime-hub.js";
import { type FrameHandlers, framesActingAsTheirRole, type RealtimeConnection, routeFrame } from "./frames.js";
import { type AddressCounter, createFrameBudget, type RealtimeLimits } from "./limits.js";

/** How often things are checked; tests shorten them. */
export type RealtimeTiming = {
  /** The first frame must be a valid auth frame within this time. */
  authTimeoutMs: number;
  /** How often the session is checked again (signed out elsewhere, password reset). */
  sessionCheckMs: number;
  /** Ping interval: a connection that did not answer the previous ping is dropped. */
  keepAliveMs: number;
};

export const defaultRealtimeTiming: RealtimeTiming = {
  authTimeoutMs: REALTIME_AUTH_TIMEOUT_MS,
  sessionCheckMs: 60_000,
  keepAliveMs: 30_000,
};

type Deps = {
  hub: RealtimeHub;
  frameHandlers: FrameHandlers;
  /** Told when a signed-in connection closes (a call participant's tab went away). */
  onClosed?: (connection: RealtimeConnection) => void;
  /** Told when an admin changed the person's role or department and the connection has read who they are now. */
  onAccessChanged?: (connection: RealtimeConnection) => Promise<void>;
  checkAccess: AccessCheck;
  isSessionOpen: SessionCheck;
  timing: RealtimeTiming;
  limits: RealtimeLimits;
  /** The client's address, and the count of connections not signed in yet that this one joins until it signs in. */
  address: string;
  unauthenticated: AddressCounter;
  log: FastifyBaseLogger;
};

const closeReasons = {
  authTimeout: "No auth frame in time.",
  authFirst: "The first frame must be an auth frame.",
  badToken: "Invalid or expired access token.",
  otherAccount: "The token belongs to another account.",
  expired: "The access token expired.",
  sessionEnded: "The session has ended.",
  deactivated: authMessages.accountDeactivated,
  mfaEnrolmentRequired: mfaEnrolmentRequiredMessage,
  tooManyWaiting: "Too many connections from this address are waiting to sign in.",
} as const;

/** A connection from an address that already has its maximum of connections waiting to sign in: try again later. */
const CLOSE_TRY_AGAIN_LATER = 1013;

/** The frame as JSON, or undefined (binary or unreadable); and its type when it has one. */
function readFrame(data: RawData, isBinary: boolean): { raw: unknown; type: unknown } {
  let raw: unknown;
  try {
    raw = isBinary ? undefined : JSON.parse(data.toString());
  } catch {
    raw = undefined;
  }
  return { raw, type: typeof raw === "object" && raw !== null && "type" in raw ? raw.type : undefined };
}

/**
 * One browser tab's connection: waits for an auth frame, then forwards the user's hub events as JSON
 * until the session ends, the last access token sent expires, or the connection dies (no pong).
 */
export function serveRealtimeConnection(
  socket: WebSocket,
  { hub, frameHandlers, onClosed, onAccessChanged, checkAccess, isSessionOpen, timing, limits, address, unauthenticated, log }: Deps,
) {
  if (!unauthenticated.enter(address)) {
    socket.close(CLOSE_TRY_AGAIN_LATER, closeReasons.tooManyWaiting);
    return;
  }
  let waitingToSignIn = true;
  const signedInOrGone = () => {
    if (waitingToSignIn) unauthenticated.leave(address);
    waitingToSignIn = false;
  };
  const connectionId = randomUUID();
  const budget = createFrameBudget(limits.framesPerWindow, limits.frameWindowMs);
  let claims: AccessClaims | null = null;
  let accessToken = "";
  let stopListening: (() => void) | null = null;
  let stopListeningAsTab: (() => void) | null = null;
  let presence: PresenceLease | null = null;
  let tokenExpiry: NodeJS.Timeout | undefined;
  let answeredPing = true;

  const send = (frame: RealtimeServerFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(frame));
    // A tab that stopped reading (or reads slower than it is sent to) is dropped rather than buffered for without end.
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      log.warn({ bufferedBytes: socket.bufferedAmount }, "realtime connection dropped: it does not read what it is sent");
      socket.terminate();
    }
  };
  const refuse = (reason: string) => {
    if (socket.readyState === socket.OPEN) socket.close(REALTIME_CLOSE_UNAUTHENTICATED, reason);
  };

  const authDeadline = setTimeout(() => refuse(closeReasons.authTimeout), timing.authTimeoutMs);

  const sessionCheck = setInterval(async () => {
    if (!claims) return;
    try {
      if (!(await isSessionOpen(claims.sessionId, claims.userId))) refuse(closeReasons.sessionEnded);
    } catch (error) {
      log.warn({ err: error }, "realtime session check failed; trying again at the next interval");
    }
  }, timing.sessionCheckMs);

  const keepAlive = setInterval(() => {
    if (!answeredPing) {
      socket.terminate();
      return;
    }
    answeredPing = false;
    socket.ping();
    presence?.refresh();
  }, timing.keepAliveMs);
  socket.on("pong", () => {
    answeredPing = true;
  });

  async function authenticate(token: string) {
    const outcome = await checkAccess(token);
    if (socket.readyState !== socket.OPEN) return;
    if ("refused" in outcome) return refuse(outcome.refused === "deactivated" ? closeReasons.deactivated : closeReasons.badToken);
    if (outcome.mfaEnrolmentDue) return refuse(closeReasons.mfaEnrolmentRequired);
    const verified = outcome.claims;
    if (claims && verified.userId !== claims.userId) return refuse(closeReasons.otherAccount);
    clearTimeout(authDeadline);
    signedInOrGone();
    // The connection lives as long as the last token sent: the browser sends each renewed one.
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    clearTimeout(tokenExpiry);
    tokenExpiry = setTimeout(() => refuse(closeReasons.expired), Math.max(0, expiresAt - Date.now()));
    if (!claims) {
      // A blocked or deleted account's connections close at once, on every instance (the hub carries the event).
      stopListening = hub.subscribe(verified.userId, (event) => {
        if (event.type === "account.deactivated") refuse(closeReasons.deactivated);
        else if (event.type === "account.changed") enqueue(accessChanged);
        else send(event);
      });
      stopListeningAsTab = hub.subscribe(connectionAddress(connectionId), send);
      presence = hub.trackConnection(verified.userId);
    }
    claims = verified;
    accessToken = token;
    send({ type: "ready", userId: verified.userId });
  }

  /**
   * Reads again who the person is (role, department, account, session, two-step requirement) with the last token
   * sent, as every HTTP request does: false when the connection was closed for it.
   */
  async function reread(): Promise<boolean> {
    const outcome = await checkAccess(accessToken);
    if (socket.readyState !== socket.OPEN) return false;
    if ("refused" in outcome) {
      refuse(outcome.refused === "deactivated" ? closeReasons.deactivated : closeReasons.sessionEnded);
      return false;
    }
    if (outcome.mfaEnrolmentDue) {
      refuse(closeReasons.mfaEnrolmentRequired);
      return false;
    }
    claims = outcome.claims;
    return true;
  }

  /** An admin changed the role or department (on any instance): the connection holds the new one at once. */
  async function accessChanged() {
    if (!claims || !(await reread())) return;
    await onAccessChanged?.({ claims, connectionId, send });
  }

  async function handle(data: RawData, isBinary: boolean) {
    const { raw, type } = readFrame(data, isBinary);
    if (!claims && type !== "auth") return refuse(closeReasons.authFirst);
    const parsed = realtimeClientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      // A malformed auth frame is a failed authentication; a malformed call frame is answered; anything else unknown is ignored.
      if (type === "auth") refuse(closeReasons.badToken);
      else if (typeof type === "string" && type.startsWith("call."))
        send({ type: "call.refused", callId: null, message: `Invalid call message: ${parsed.error.issues[0]?.message ?? "unreadable"}` });
      return;
    }
    if (parsed.data.type === "auth") return authenticate(parsed.data.accessToken);
    if (!claims) return;
    // Served as the person is now, not as they were when the token was sent (see framesActingAsTheirRole).
    if (framesActingAsTheirRole.has(parsed.data.type) && !(await reread())) return;
    await routeFrame(frameHandlers, parsed.data, { claims, connectionId, send });
  }

  // Frames (and re-reads of the account) are handled one after the other, in the order they came (an auth frame first).
  let queue = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => {
      log.error({ err: error }, "realtime frame failed");
      if (socket.readyState === socket.OPEN) socket.close(1011, "Server error.");
    });
  };
  socket.on("message", (data, isBinary) => {
    // Every frame counts, whatever its type, before any work is done for it.
    if (budget.take()) enqueue(() => handle(data, isBinary));
    else overBudget(data, isBinary);
  });

  /** A frame over the budget is not served: a call frame is answered at once (the tab slows down), others dropped. */
  function overBudget(data: RawData, isBinary: boolean) {
    const { raw, type } = readFrame(data, isBinary);
    if (!claims || typeof type !== "string" || !type.startsWith("call.")) return;
    // Only a call id is echoed back: a 16 KB string in its place would make each refusal as large as the frame.
    const named = typeof raw === "object" && raw !== null && "callId" in raw ? raw.callId : null;
    const callId = typeof named === "string" && isUuid(named) ? named : null;
    send({ type: "call.refused", callId, message: callRefusals.tooFast });
  }

  socket.on("close", () => {
    signedInOrGone();
    clearTimeout(authDeadline);
    clearTimeout(tokenExpiry);
    clearInterval(sessionCheck);
    clearInterval(keepAlive);
    stopListening?.();
    stopListeningAsTab?.();
    presence?.end();
    if (claims) onClosed?.({ claims, connectionId, send });
  });
}
