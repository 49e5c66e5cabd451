import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notificationsPage } from "../../../shared/answers/notifications.js";
import { rowIdCursor } from "../../../shared/fields.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
import { currentUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { NotificationsService } from "./service.js";

const listQuery = z.object({ before: rowIdCursor(1).optional() });
const readBody = z.object({ ids: z.array(z.number().int().positive()).max(200).optional() });

type Options = {
  notifications: NotificationsService;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Open security alerts, counted on admins' bell (the security centre's). */
  openSecurityAlerts: () => Promise<number>;
};

/** The signed-in user's bell: the latest notifications and the unread count; marking them read. */
export async function notificationsRoutes(app: FastifyInstance, { notifications, requireUser, openSecurityAlerts }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/notifications",
    {
      preValidation: requireUser,
      schema: {
        description: "the bell: `{ items, unread }`, newest first, 20 at a time",
        summary: "The bell: the latest notifications and the unread count",
        querystring: listQuery,
        response: { 200: envelope(notificationsPage) },
      },
    },
    async (request) => {
      const { userId, role } = currentUser(request);
      const list = await notifications.list(userId, request.query.before);
      return ok({ ...list, openSecurityAlerts: role === "admin" ? await openSecurityAlerts() : 0 });
    },
  );

  routes.post(
    "/notifications/read",
    {
      preValidation: requireUser,
      schema: {
        description: "`{ ids? }` (all without)",
        summary: "Mark notifications read (all of them without ids)",
        body: readBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await notifications.markRead(currentUser(request).userId, request.body.ids);
      return ok(null);
    },
  );
}
