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
    schema: {
      summary: "The signed-in tab's WebSocket: events pushed, call signalling",
      description:
        'WebSocket: first frame `{ type: "auth", accessToken }` within 10 s → `{ type: "ready", userId }`, then events (`notification`, `project.changed`, `message`, `conversation.read`, `call.*`); each renewed token is sent as another auth frame; `ping` → `pong`; closes with 4401 when the token is bad or expired or the session has ended, and with 4401 \'Account is deactivated\' the moment an admin blocks or deletes the account Call frames (`call.start`, `call.join`, `call.decline`, `call.leave`, `call.resume`, `call.media`, `call.offer`, `call.answer`, `call.candidate`), for staff and admins: calls, staff and admins (`src/shared/calls.ts`): `call.start { media: "video"|"voice", department?, memberIds? }` rings the department\'s (or the chosen) members who are online and not in a call (`call.incoming { callId, from, department, media }`); admins call any department. `call.join { callId }` → `call.joined { call }` to the tab, `call.participant-joined` to the others (at most 6). Offers, answers and candidates `{ callId, to, sdp | candidate }` reach only `to`\'s tab in the call, from a participant\'s tab in it; anything else answers `call.refused { callId, message }`. An unanswered ring ends after 30 s (`call.ring-ended`, a `call_missed` notification); a closed tab leaves after 5 s unless it sends `call.resume`; the call ends with its last participant. 200 call frames per 10 s per connection',
    },
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
        description: "staff and admins → `{ online }`",
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
