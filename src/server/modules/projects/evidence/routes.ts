import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { evidenceCheck, evidenceMatch, evidencePage } from "../../../../shared/answers/evidence.js";
import { beforeCursorSchema, evidenceMatchSchema } from "../../../../shared/projects.js";
import { envelope } from "../../../platform/api-schemas.js";
import { currentViewer } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { perUserLimit } from "../../../platform/rate-limit.js";
import { projectIdFound, projectIdOf } from "../params.js";
import type { Evidence } from "./evidence-service.js";

type Options = { evidence: Evidence; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** A project's evidence log, its check and the matching of a file, for everyone who may read the project (404 otherwise). */
export async function evidenceRoutes(app: FastifyInstance, { evidence, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/projects/:id/evidence",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "The project's evidence log, newest first",
        description:
          "Every photo added or removed, site diary entry and milestone ticked, each with the hash of its content and of the entry before it (`?before=` the sequence to page from). A photo's own EXIF position is shown to the project office only.",
        querystring: beforeCursorSchema,
        response: { 200: envelope(evidencePage) },
      },
    },
    async (request) => ok(await evidence.page(viewer(request), projectIdOf(request), request.query.before)),
  );

  // Each check reads every entry and every kept original again: a few an hour per person are plenty.
  routes.get(
    "/projects/:id/evidence/verify",
    {
      preValidation: [requireUser, projectIdFound],
      config: perUserLimit(20, 15),
      schema: {
        summary: "Recompute the project's evidence chain and its files' hashes",
        description:
          "`{ intact: true, entries, head }` when every entry and kept original is as it was written, or `{ intact: false, entries, brokenAt }` with the id of the first entry that no longer matches.",
        response: { 200: envelope(evidenceCheck) },
      },
    },
    async (request) => ok(await evidence.verify(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/evidence/match",
    {
      preValidation: [requireUser, projectIdFound],
      config: perUserLimit(120, 15),
      schema: {
        summary: "Whether a file's exact bytes are in the project's record",
        description:
          "`{ sha256 }` of a file (worked out by the browser: the file is not sent) → whether a photo added to the project had those bytes, as taken or as the portal served it, and when and where it was captured.",
        body: evidenceMatchSchema,
        response: { 200: envelope(evidenceMatch) },
      },
    },
    async (request) => ok(await evidence.match(viewer(request), projectIdOf(request), request.body.sha256)),
  );
}
