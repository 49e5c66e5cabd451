// Without zod, so that every portal screen can open the connection without loading the validators.

/**
 * The connection at /api/realtime: the browser opens it, sends an auth frame within
 * REALTIME_AUTH_TIMEOUT_MS (a token in the URL would end up in logs), and receives `ready`, then events.
 */
export const REALTIME_PATH = "/api/realtime";
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
/** Larger frames close the connection (code 1009). */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024;
/** The connection was refused or ended for want of a valid token or an open session: sign in (or refresh) and reconnect. */
export const REALTIME_CLOSE_UNAUTHENTICATED = 4401;
/** The server is shutting down (WebSocket "Service Restart"): connect again, the load balancer picks another instance. */
export const REALTIME_CLOSE_RESTARTING = 1012;
