import type { FastifyBaseLogger } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import { createCallStore } from "./call-store.js";
import type { TurnConfig } from "./ice-servers.js";
import type { Notify } from "./ringing.js";
import { callsRoutes } from "./routes.js";
import { type CallTimers, createCallSignalling } from "./signalling.js";

/** Timings tests shorten; aloneTimers: a clock a test drives for the end of a call left with one participant. */
export type CallsTiming = { ringTimeoutMs?: number; reconnectGraceMs?: number; aloneTimeoutMs?: number; aloneTimers?: CallTimers };

/**
 * Department calls: the signalling frames for /api/realtime (frameHandlers, connectionClosed, accessChanged), and the
 * routes of /api/calls (register `routes` under /api). close() stops the ring, grace and alone timers.
 */
export function callsModule(
  deps: { db: AppDb; hub: RealtimeHub; notify: Notify; turn: TurnConfig | undefined; log: FastifyBaseLogger } & CallsTiming,
) {
  const store = createCallStore(deps.db);
  const signalling = createCallSignalling({ ...deps, store });
  return {
    frameHandlers: signalling.frameHandlers,
    connectionClosed: signalling.connectionClosed,
    accessChanged: signalling.accessChanged,
    routes: callsRoutes,
    routeOptions: { db: deps.db, store, hub: deps.hub, turn: deps.turn },
    close: signalling.close,
  };
}
