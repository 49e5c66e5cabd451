import type { RealtimeClientFrame, RealtimeServerFrame } from "../../../shared/realtime.js";
import type { AccessClaims } from "../../platform/authenticate.js";

/**
 * A signed-in connection as a frame handler sees it. connectionId names this one tab's connection: the hub
 * delivers events published to connectionAddress(connectionId) to it alone (call signalling).
 */
export type RealtimeConnection = { claims: AccessClaims; connectionId: string; send(frame: RealtimeServerFrame): void };

/** Frames a signed-in connection may send besides `auth` (which the connection itself handles). */
type SignedInFrame = Exclude<RealtimeClientFrame, { type: "auth" }>;

/**
 * One handler per frame type: adding a frame to realtimeClientFrameSchema (src/shared/realtime.ts) makes
 * TypeScript ask for its handler where the handlers are put together (app.ts).
 */
export type FrameHandlers = {
  [Type in SignedInFrame["type"]]: (frame: Extract<SignedInFrame, { type: Type }>, connection: RealtimeConnection) => void | Promise<void>;
};

/**
 * The frames whose handlers decide by the person's role or department: each is served after the account is read
 * again, so a demotion holds from the next one even before the hub's account.changed reaches this instance. The
 * others act only as the participant the database already knows (the relay of offers, answers and candidates, media
 * flags, leaving), at up to a few hundred frames a call, and a block or an ended session closes the socket anyway.
 */
export const framesActingAsTheirRole: ReadonlySet<SignedInFrame["type"]> = new Set(["call.start", "call.join"]);

/** The frames of the call feature (src/shared/calls.ts), handled by the calls module. */
export type CallFrameHandlers = Omit<FrameHandlers, "ping">;

/** The realtime module's own frame: ping → pong. */
export const pingHandler: FrameHandlers["ping"] = (_frame, connection) => connection.send({ type: "pong" });

/** Runs the handler of a signed-in frame. */
export function routeFrame(handlers: FrameHandlers, frame: SignedInFrame, connection: RealtimeConnection) {
  // The mapped type pairs each frame with its handler; TypeScript cannot follow the pairing through the union.
  const handler = handlers[frame.type] as (frame: SignedInFrame, connection: RealtimeConnection) => void | Promise<void>;
  return handler(frame, connection);
}
