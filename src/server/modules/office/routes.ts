import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { canSeeOfficeOverview, canSeeSecurityEvents } from "../../../shared/access.js";
import { currentViewer, requireAccess } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { OfficeService } from "./service.js";

type Options = { office: OfficeService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The Admin department's overview of the office (and the admins'). */
export async function officeRoutes(app: FastifyInstance, { office, requireUser }: Options) {
  app.get("/office/overview", { preValidation: [requireUser, requireAccess(canSeeOfficeOverview)] }, async (request) =>
    ok(await office.overview(canSeeSecurityEvents(currentViewer(request)))),
  );
}
