import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canSeeOfficeOverview, canSeeSecurityEvents } from "../../../shared/access.js";
import { officeOverview } from "../../../shared/answers/office.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, requireAccess } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { OfficeService } from "./service.js";

type Options = { office: OfficeService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The Admin department's overview of the office (and the admins'). */
export async function officeRoutes(app: FastifyInstance, { office, requireUser }: Options) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/office/overview",
    {
      preValidation: [requireUser, requireAccess(canSeeOfficeOverview)],
      schema: {
        description:
          "Admin department and admins → accounts, approvals, inquiries, projects, messages, sign-in failures; the latest security events (emails, addresses) for admins only (`null` for the others)",
        summary: "The office's figures for the Admin department",
        response: { 200: envelope(officeOverview) },
      },
    },
    async (request) => ok(await office.overview(canSeeSecurityEvents(currentViewer(request)))),
  );
}
