import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { currentUser } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import type { NotificationsService } from "./service.js";

const listQuery = z.object({ before: z.coerce.number().int().positive().optional() });
const readBody = z.object({ ids: z.array(z.number().int().positive()).max(200).optional() });

type Options = { notifications: NotificationsService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The signed-in user's bell: the latest notifications and the unread count; marking them read. */
export async function notificationsRoutes(app: FastifyInstance, { notifications, requireUser }: Options) {
  app.get("/notifications", { preHandler: requireUser }, async (request) =>
    ok(await notifications.list(currentUser(request).userId, parseInput(listQuery, request.query).before)),
  );

  app.post("/notifications/read", { preHandler: requireUser }, async (request) => {
    await notifications.markRead(currentUser(request).userId, parseInput(readBody, request.body).ids);
    return ok(null);
  });
}
