import type { ZodTypeProvider } from "fastify-type-provider-zod";
import "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { presence } from "../../../shared/answers/realtime.js";
import { presenceQuerySchema, REALTIME_CLOSE_RESTARTING } from "../../../shared/realtime.js";
import { envelope } from "../../platform/api-schemas.js";
import { type AccessCheck, type RequireUser, requireRole, type SessionCheck } from "../../platform/authenticate.js";
import { addressKey } from "../../platform/client-address.js";
import { ApiError, ok } from "../../platform/envelope.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import { type RealtimeTiming, serveRealtimeConnection } from "./connection.js";
import type { FrameHandlers, RealtimeConnection } from "./frames.js";
import { createAddressCounter, type RealtimeLimits } from "./limits.js";

export type RealtimeRoutesOptions = {
  hub: RealtimeHub;
  frameHandlers: FrameHandlers;
  onConnectionClosed?: (connection: RealtimeConnection) => void;
  onAccessChanged?: (connection: RealtimeConnection) => Promise<void>;
  checkAccess: AccessCheck;
  isSessionOpen: SessionCheck;
  requireUser: RequireUser;
  timing: RealtimeTiming;
  limits: RealtimeLimits;
};

/** /api/realtime (the WebSocket of each signed-in tab) and who is online. */
export async function realtimeRoutes(
  app: FastifyInstance,
  {
    hub,
    frameHandlers,
    onConnectionClosed,
    onAccessChanged,
    checkAccess,
    isSessionOpen,
    requireUser,
    timing,
    limits,
  }: RealtimeRoutesOptions,
) {
  const unauthenticated = createAddressCounter(limits.unauthenticatedPerAddress);
  app.route({
    method: "GET",
    url: "/realtime",
    // A WebSocket: no answer to declare (a plain GET is refused with 426).
    schema: { summary: "The signed-in tab's WebSocket: events pushed, call signalling" },
    handler: async () => {
      throw new ApiError(426, "This address takes a WebSocket connection.", "upgrade_required");
    },
    wsHandler: (socket, request) =>
      serveRealtimeConnection(socket, {
        hub,
        frameHandlers,
        onClosed: onConnectionClosed,
        onAccessChanged,
        checkAccess,
        isSessionOpen,
        timing,
        limits,
        // An IPv6 client counts as its /64, as everywhere an address is counted.
        address: addressKey(request.ip),
        unauthenticated,
        log: request.log,
      }),
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/presence",
    {
      preValidation: [requireUser, requireRole("staff", "admin")],
      schema: {
        summary: "Which of these people have the portal open",
        querystring: presenceQuerySchema,
        response: { 200: envelope(presence) },
      },
    },
    async (request) => ok({ online: await hub.online(request.query.ids) }),
  );
}

/** On shutdown: every open tab is told to connect again, which the load balancer sends to another instance. */
export function tellRealtimeClientsToReconnect(app: FastifyInstance) {
  for (const client of app.websocketServer?.clients ?? []) client.close(REALTIME_CLOSE_RESTARTING, "Server restarting: connect again.");
}
