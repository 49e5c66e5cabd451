import { count, desc } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { outboxPage } from "../../../shared/answers/outbox.js";
import { OUTBOX_PAGE_SIZE, type OutboxMail, outboxQuerySchema } from "../../../shared/outbox.js";
import type { AppDb } from "../../db/client.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { mailOutbox } from "../../db/schema.js";
import { envelope } from "../../platform/api-schemas.js";
import { requireRole } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";

type Options = { db: AppDb; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/**
 * GET /api/admin/outbox: the emails the site sent or kept, newest first, for admins. Without SMTP_URL this is how a
 * fresh install reads its first accounts' codes; a code's body is erased once delivered or expired (platform/mail.ts).
 */
export async function outboxRoutes(app: FastifyInstance, { db, requireUser }: Options) {
  const guard = [requireUser, requireRole("admin")];
  app.withTypeProvider<ZodTypeProvider>().get(
    "/admin/outbox",
    {
      preValidation: guard,
      schema: {
        description:
          "Bearer, admins → `{ items, total, page, pageSize, pageCount }`: the emails sent or kept, newest first, 20 a page; a code's text is erased once delivered or expired",
        summary: "A page of the emails the site sent or kept",
        querystring: outboxQuerySchema,
        response: { 200: envelope(outboxPage) },
      },
    },
    async (request) => {
      const { page } = request.query;
      const pageRequest = { page, pageSize: OUTBOX_PAGE_SIZE };
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(OUTBOX_PAGE_SIZE).offset(offsetOf(pageRequest));
      const [counted] = await db.select({ total: count() }).from(mailOutbox);
      const items = rows.map(
        (row): OutboxMail => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          transport: row.transport,
          sentAt: row.sentAt?.toISOString() ?? null,
          error: row.error,
          createdAt: row.createdAt.toISOString(),
        }),
      );
      return ok(pageOf(items, counted?.total ?? 0, pageRequest));
    },
  );
}
