/**
 * What the realtime module offers the app and other modules: the connection as frame handlers see it and the handler
 * types, its timing and limits (tests lower them), the word to reconnect sent on shutdown, and its wiring.
 */
export { defaultRealtimeTiming, type RealtimeTiming } from "./connection.js";
export type { CallFrameHandlers, FrameHandlers, RealtimeConnection } from "./frames.js";
export { defaultRealtimeLimits, type RealtimeLimits } from "./limits.js";
export { type RealtimeModuleOptions, realtimeModule } from "./module.js";
export { tellRealtimeClientsToReconnect } from "./routes.js";
