import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import { createCallStore } from "./call-store.js";
import type { TurnConfig } from "./ice-servers.js";
import type { Notify } from "./ringing.js";
import { callsRoutes } from "./routes.js";
import { type CallTimers, createCallSignalling } from "./signalling.js";

/** Timings tests shorten; aloneTimers: a clock a test drives for the end of a call left with one participant. */
export type CallsTiming = { ringTimeoutMs?: number; reconnectGraceMs?: number; aloneTimeoutMs?: number; aloneTimers?: CallTimers };

/**
 * Department calls' state and signalling, made by the app because the realtime socket carries their frames: the
 * `call.*` frame handlers, and what they hear of a connection closing or its account changing.
 */
export function createCalls(deps: { db: AppDb; hub: RealtimeHub; notify: Notify; log: FastifyBaseLogger } & CallsTiming) {
  const store = createCallStore(deps.db);
  return { store, ...createCallSignalling({ ...deps, store }) };
}

export type Calls = ReturnType<typeof createCalls>;

export type CallsModuleOptions = { calls: Calls; db: AppDb; hub: RealtimeHub; turn: TurnConfig | undefined; requireUser: RequireUser };

/** The routes of /api/calls; on close, the ring, grace and alone timers stop. */
export async function callsModule(app: FastifyInstance, { calls, db, hub, turn, requireUser }: CallsModuleOptions) {
  app.addHook("onClose", async () => calls.close());
  await app.register(callsRoutes, { db, store: calls.store, hub, turn, requireUser });
}
