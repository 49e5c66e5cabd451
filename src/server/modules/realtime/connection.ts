import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { decodeJwt } from "jose";
import type { RawData, WebSocket } from "ws";
import { authMessages, mfaEnrolmentRequiredMessage } from "../../../shared/auth.js";
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_UNAUTHENTICATED,
  type RealtimeServerFrame,
  realtimeClientFrameSchema,
} from "../../../shared/realtime.js";
import type { AccessCheck, AccessClaims, SessionCheck } from "../../platform/authenticate.js";
import { connectionAddress, type PresenceLease, type RealtimeHub } from "../../platform/realtime-hub.js";
import { type FrameHandlers, type RealtimeConnection, routeFrame } from "./frames.js";

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
  checkAccess: AccessCheck;
  isSessionOpen: SessionCheck;
  timing: RealtimeTiming;
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
} as const;

/**
 * One browser tab's connection: waits for an auth frame, then forwards the user's hub events as JSON
 * until the session ends, the last access token sent expires, or the connection dies (no pong).
 */
export function serveRealtimeConnection(
  socket: WebSocket,
  { hub, frameHandlers, onClosed, checkAccess, isSessionOpen, timing, log }: Deps,
) {
  const connectionId = randomUUID();
  let claims: AccessClaims | null = null;
  let stopListening: (() => void) | null = null;
  let stopListeningAsTab: (() => void) | null = null;
  let presence: PresenceLease | null = null;
  let tokenExpiry: NodeJS.Timeout | undefined;
  let answeredPing = true;

  const send = (frame: RealtimeServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
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

  async function authenticate(accessToken: string) {
    const outcome = await checkAccess(accessToken);
    if (socket.readyState !== socket.OPEN) return;
    if ("refused" in outcome) return refuse(outcome.refused === "deactivated" ? closeReasons.deactivated : closeReasons.badToken);
    if (outcome.mfaEnrolmentDue) return refuse(closeReasons.mfaEnrolmentRequired);
    const verified = outcome.claims;
    if (claims && verified.userId !== claims.userId) return refuse(closeReasons.otherAccount);
    clearTimeout(authDeadline);
    // The connection lives as long as the last token sent: the browser sends each renewed one.
    const expiresAt = (decodeJwt(accessToken).exp ?? 0) * 1000;
    clearTimeout(tokenExpiry);
    tokenExpiry = setTimeout(() => refuse(closeReasons.expired), Math.max(0, expiresAt - Date.now()));
    if (!claims) {
      // A blocked or deleted account's connections close at once, on every instance (the hub carries the event).
      stopListening = hub.subscribe(verified.userId, (event) =>
        event.type === "account.deactivated" ? refuse(closeReasons.deactivated) : send(event),
      );
      stopListeningAsTab = hub.subscribe(connectionAddress(connectionId), send);
      presence = hub.trackConnection(verified.userId);
    }
    claims = verified;
    send({ type: "ready", userId: verified.userId });
  }

  async function handle(data: RawData, isBinary: boolean) {
    let raw: unknown;
    try {
      raw = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      raw = undefined;
    }
    const type = typeof raw === "object" && raw !== null && "type" in raw ? raw.type : undefined;
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
    if (claims) await routeFrame(frameHandlers, parsed.data, { claims, connectionId, send });
  }

  // Frames are handled one after the other, in the order they came (an auth frame first).
  let queue = Promise.resolve();
  socket.on("message", (data, isBinary) => {
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((error: unknown) => {
        log.error({ err: error }, "realtime frame failed");
        if (socket.readyState === socket.OPEN) socket.close(1011, "Server error.");
      });
  });

  socket.on("close", () => {
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
