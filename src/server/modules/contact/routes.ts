import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CONTACT_RATE_LIMIT, contactInquirySchema } from "../../../shared/contact.js";
import { contactAcknowledgement } from "../../../shared/contact-acknowledgement.js";
import { emptyEnvelope } from "../../platform/api-schemas.js";
import { ok } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { ContactService } from "./service.js";

export async function contactRoutes(app: FastifyInstance, options: { contact: ContactService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/contact",
    {
      config: perAddressLimit(CONTACT_RATE_LIMIT.max, CONTACT_RATE_LIMIT.windowMinutes),
      schema: {
        description: "`{ name, email, phone?, subject, message }` → 201; 5 an hour per address, then 429 with `Retry-After`",
        summary: "Send the company a message from the contact page",
        body: contactInquirySchema,
        response: { 201: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const inquiry = request.body;
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
