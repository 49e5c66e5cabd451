/** What the realtime module offers other modules: the connection as frame handlers see it, and the handler types. */
export type { CallFrameHandlers, FrameHandlers, RealtimeConnection } from "./frames.js";
export { pingHandler } from "./frames.js";
