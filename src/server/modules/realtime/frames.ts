import type { RealtimeClientFrame, RealtimeServerFrame } from "../../../shared/realtime.js";
import type { AccessClaims } from "../../platform/authenticate.js";

/** A signed-in connection as a frame handler sees it. */
export type RealtimeConnection = { claims: AccessClaims; send(frame: RealtimeServerFrame): void };

/** Frames a signed-in connection may send besides `auth` (which the connection itself handles). */
type SignedInFrame = Exclude<RealtimeClientFrame, { type: "auth" }>;

/**
 * One handler per frame type: adding a frame to realtimeClientFrameSchema (src/shared/realtime.ts) makes
 * TypeScript ask for its handler here. Call signalling will add its frames this way.
 */
export type FrameHandlers = {
  [Type in SignedInFrame["type"]]: (frame: Extract<SignedInFrame, { type: Type }>, connection: RealtimeConnection) => void | Promise<void>;
};

export const frameHandlers: FrameHandlers = {
  ping: (_frame, connection) => connection.send({ type: "pong" }),
};

/** Runs the handler of a signed-in frame. */
export function routeFrame(frame: SignedInFrame, connection: RealtimeConnection) {
  // The mapped type pairs each frame with its handler; TypeScript cannot follow the pairing through the union.
  const handler = frameHandlers[frame.type] as (frame: SignedInFrame, connection: RealtimeConnection) => void | Promise<void>;
  return handler(frame, connection);
}
