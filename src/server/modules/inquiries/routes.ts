import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canHandleInquiries, canReadInquiries } from "../../../shared/access.js";
import { inquiryListQuerySchema, inquiryMessages, inquiryUpdateSchema } from "../../../shared/inquiries.js";
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
  routes.get("/inquiries", { ...readers, schema: { querystring: inquiryListQuerySchema } }, async (request) =>
    ok(await inquiries.list(currentUser(request).userId, request.query)),
  );

  app.get("/inquiries/stats", readers, async () => ok(await inquiries.stats()));

  app.get("/inquiries/:id", readers, async (request) => ok(await inquiries.get(inquiryId(request))));

  routes.put("/inquiries/:id", { ...handlers, schema: { body: inquiryUpdateSchema } }, async (request) => {
    const id = inquiryId(request);
    return ok(await inquiries.update(id, request.body, currentUser(request).userId), "Inquiry saved.");
  });
}
