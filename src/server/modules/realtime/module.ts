import type { FastifyInstance } from "fastify";
import type { AccessCheck, RequireUser, SessionCheck } from "../../platform/authenticate.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { RealtimeTiming } from "./connection.js";
import { type CallFrameHandlers, pingHandler, type RealtimeConnection } from "./frames.js";
import type { RealtimeLimits } from "./limits.js";
import { realtimeRoutes } from "./routes.js";

export type RealtimeModuleOptions = {
  hub: RealtimeHub;
  /** Other modules' frames (the calls' signalling), and what they hear of each connection. */
  frameHandlers: CallFrameHandlers;
  onConnectionClosed?: (connection: RealtimeConnection) => void;
  onAccessChanged?: (connection: RealtimeConnection) => Promise<void>;
  checkAccess: AccessCheck;
  isSessionOpen: SessionCheck;
  requireUser: RequireUser;
  timing: RealtimeTiming;
  limits: RealtimeLimits;
};

/** /api/realtime, one WebSocket per signed-in tab, which answers its own keep-alive pings, and who is online. */
export async function realtimeModule(app: FastifyInstance, { frameHandlers, ...options }: RealtimeModuleOptions) {
  await app.register(realtimeRoutes, { ...options, frameHandlers: { ping: pingHandler, ...frameHandlers } });
}
