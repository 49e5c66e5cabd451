import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canHandleInquiries, canReadInquiries } from "../../../shared/access.js";
import { inquiryItem, inquiryPage, inquiryStats } from "../../../shared/answers/inquiries.js";
import { inquiryListQuerySchema, inquiryMessages, inquiryUpdateSchema } from "../../../shared/inquiries.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentUser, requireAccess } from "../../platform/authenticate.js";
import { ApiError, ok } from "../../platform/envelope.js";
import { rowIdParams } from "../../platform/params.js";
import type { InquiriesService } from "./service.js";

type Options = { inquiries: InquiriesService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The office's contact inquiries inbox (Secretariat, Executive Assistant, Business Administration; marketing reads). */
export async function inquiriesRoutes(app: FastifyInstance, { inquiries, requireUser }: Options) {
  const readers = { preValidation: [requireUser, requireAccess(canReadInquiries)] };
  const handlers = { preValidation: [requireUser, requireAccess(canHandleInquiries)] };
  const inquiryId = (request: FastifyRequest) => {
    const parsed = rowIdParams.safeParse(request.params);
    if (!parsed.success) throw new ApiError(404, inquiryMessages.notFound, "not_found");
    return parsed.data.id;
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/inquiries",
    {
      ...readers,
      schema: {
        description:
          "Secretariat, Executive Assistant, Business Administration, Digital Marketing, admins → `{ items, total, page, pageSize, pageCount, counts }`; `assignee` = user id, `me` or `none`",
        summary: "A page of the contact inquiries",
        querystring: inquiryListQuerySchema,
        response: { 200: envelope(inquiryPage) },
      },
    },
    async (request) => ok(await inquiries.list(currentUser(request).userId, request.query)),
  );

  routes.get(
    "/inquiries/stats",
    {
      ...readers,
      schema: {
        description: "`{ byStatus, total, newThisMonth, converted, conversionRate }`",
        summary: "The inquiries' figures",
        response: { 200: envelope(inquiryStats) },
      },
    },
    async () => ok(await inquiries.stats()),
  );

  // The id is read by inquiryId (a malformed one is 404, as an unknown one), not declared as params (400).
  routes.get(
    "/inquiries/:id",
    {
      ...readers,
      schema: {
        description: "PUT (not Digital Marketing) `{ status?, assignedToId?, replyNote?, projectId? }`; the assignee is notified",
        summary: "One inquiry",
        response: { 200: envelope(inquiryItem) },
      },
    },
    async (request) => ok(await inquiries.get(inquiryId(request))),
  );

  routes.put(
    "/inquiries/:id",
    {
      ...handlers,
      schema: {
        description: "PUT (not Digital Marketing) `{ status?, assignedToId?, replyNote?, projectId? }`; the assignee is notified",
        summary: "Change an inquiry's status, assignee, note or project",
        body: inquiryUpdateSchema,
        response: { 200: envelope(inquiryItem) },
      },
    },
    async (request) => {
      const id = inquiryId(request);
      return ok(await inquiries.update(id, request.body, currentUser(request).userId), "Inquiry saved.");
    },
  );
}
