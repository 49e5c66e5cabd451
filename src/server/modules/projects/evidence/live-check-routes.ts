import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { liveCheck, liveCheckList } from "../../../../shared/answers/projects.js";
import { liveCheckRequestSchema } from "../../../../shared/projects.js";
import { envelope } from "../../../platform/api-schemas.js";
import { currentViewer } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { perUserLimit } from "../../../platform/rate-limit.js";
import { projectIdFound, projectIdOf } from "../params.js";
import type { LiveChecks } from "./live-checks.js";

type Options = { liveChecks: LiveChecks; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** Live checks of a project, for everyone who may read it (404 otherwise). */
export async function liveCheckRoutes(app: FastifyInstance, { liveChecks, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/projects/:id/live-checks",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "The project's live checks, newest first",
        description:
          "Each with its request, code, `requestedAt`, `dueBy`, status (`open`, `answered`, `late`) and the photos that answer it.",
        response: { 200: envelope(liveCheckList) },
      },
    },
    async (request) => ok(await liveChecks.list(viewer(request), projectIdOf(request))),
  );

  // Each check notifies the project's team by email: a ceiling per person, as for other messages that email people.
  routes.post(
    "/projects/:id/live-checks",
    {
      preValidation: [requireUser, projectIdFound],
      config: perUserLimit(20, 60),
      schema: {
        summary: "Ask the site to show something now",
        description:
          "`{ request }` → 201 with a 4-digit code and a due time (the project's `liveCheckHours`, 24 by default). The team is told; they answer with photos from the portal's camera that show the code, each sent with `liveCheckId`. A photo taken before the request is refused.",
        body: liveCheckRequestSchema,
        response: { 201: envelope(liveCheck) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await liveChecks.ask(viewer(request), projectIdOf(request), request.body.request))),
  );
}
