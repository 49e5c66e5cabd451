import type { FastifyInstance } from "fastify";
import { CONTACT_RATE_LIMIT, contactAcknowledgement, contactInquirySchema } from "../../../shared/contact.js";
import { tooManyRequests } from "../../../shared/messages.js";
import { ok, parseInput } from "../../platform/envelope.js";
import type { ContactService } from "./service.js";

export async function contactRoutes(app: FastifyInstance, options: { contact: ContactService }) {
  app.post(
    "/contact",
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMinutes * 60_000,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: tooManyRequests(Math.ceil(context.ttl / 1000)),
          }),
        },
      },
    },
    async (request, reply) => {
      const inquiry = parseInput(contactInquirySchema, request.body);
      // A filled honeypot is a bot: answer as if accepted so it learns nothing, and keep nothing.
      if (inquiry.website) {
        request.log.info({ ip: request.ip }, "contact honeypot triggered");
      } else {
        await options.contact.submit(inquiry, { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });
      }
      return reply.status(201).send(ok(null, contactAcknowledgement));
    },
  );
}
