import type { FastifyInstance } from "fastify";
import { type CallFrameHandlers, pingHandler } from "./frames.js";
import { type RealtimeRoutesOptions, realtimeRoutes } from "./routes.js";

/** The routes' options, with other modules' frames (the calls' signalling) beside the module's own ping. */
export type RealtimeModuleOptions = Omit<RealtimeRoutesOptions, "frameHandlers"> & { frameHandlers: CallFrameHandlers };

/** /api/realtime, one WebSocket per signed-in tab, which answers its own keep-alive pings, and who is online. */
export async function realtimeModule(app: FastifyInstance, { frameHandlers, ...options }: RealtimeModuleOptions) {
  await app.register(realtimeRoutes, { ...options, frameHandlers: { ping: pingHandler, ...frameHandlers } });
}
