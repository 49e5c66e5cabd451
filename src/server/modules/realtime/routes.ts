import "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { presenceQuerySchema } from "../../../shared/realtime.js";
import { type AccessCheck, requireRole } from "../../platform/authenticate.js";
import { ApiError, ok, parseInput } from "../../platform/envelope.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import { type RealtimeTiming, serveRealtimeConnection } from "./connection.js";

type Options = {
  hub: RealtimeHub;
  checkAccess: AccessCheck;
  isSessionOpen: (sessionId: string) => Promise<boolean>;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  timing: RealtimeTiming;
};

/** /api/realtime (the WebSocket of each signed-in tab) and who is online. */
export async function realtimeRoutes(app: FastifyInstance, { hub, checkAccess, isSessionOpen, requireUser, timing }: Options) {
  app.route({
    method: "GET",
    url: "/realtime",
    handler: async () => {
      throw new ApiError(426, "This address takes a WebSocket connection.", "upgrade_required");
    },
    wsHandler: (socket, request) => serveRealtimeConnection(socket, { hub, checkAccess, isSessionOpen, timing, log: request.log }),
  });

  app.get("/presence", { preHandler: [requireUser, requireRole("staff", "admin")] }, async (request) =>
    ok({ online: await hub.online(parseInput(presenceQuerySchema, request.query).ids) }),
  );
}
