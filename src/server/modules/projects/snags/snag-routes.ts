import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { snag, snagList } from "../../../../shared/answers/snags.js";
import { PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD, projectMessages } from "../../../../shared/projects.js";
import { snagListQuerySchema, snagMessages, snagStatusChangeSchema } from "../../../../shared/snags.js";
import { envelope } from "../../../platform/api-schemas.js";
import { currentViewer } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { readMultipart } from "../../../platform/multipart.js";
import { idParam } from "../../../platform/params.js";
import { perUserLimit } from "../../../platform/rate-limit.js";
import { type TakeFinishedUploads, withUploadedPhotos } from "../finished-uploads.js";
import type { ProjectGuard } from "../guard.js";
import { projectIdFound, projectIdOf } from "../params.js";
import type { Snags } from "./snags.js";

type Options = {
  snags: Snags;
  guard: ProjectGuard;
  takeUploads: TakeFinishedUploads;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const photoLimits = {
  fileField: "images",
  maxFileBytes: PHOTO_MAX_BYTES,
  maxFiles: PHOTOS_PER_UPLOAD,
  tooLarge: projectMessages.photoTooLarge,
  tooMany: projectMessages.tooManyPhotos,
};

/** The text fields of a snag's multipart form. */
const SNAG_FIELDS = ["title", "location", "assigneeId", "dueOn"] as const;

const snagIdOf = (request: FastifyRequest) => idParam(request.params, "snagId", snagMessages.notFound);

const RAISE_DESCRIPTION =
  "`{ title, location, assigneeId?, dueOn? }` as JSON, or the same as multipart text fields with photos in `images` (as the gallery's) or `uploadIds` (finished photo uploads of /api/uploads) → 201. The team raises snags while the project is under way or completed; its client from handover (status `completed`, or `completedOn` come), before which 409 `not_open_for_snags` says when; other readers 403. `assigneeId` is the manager or a team member (else 400). 30 an hour per person.";

/** A project's snags: its readers list them; the team and, from handover, the client raise them; their status moves. */
export async function snagRoutes(app: FastifyInstance, { snags, guard, takeUploads, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** A malformed id or a project the caller may not read is 404 before anything about the body. */
  const readableSnag = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request);
    snagIdOf(request);
    await guard.read(viewer(request), projectId);
  };

  routes.get(
    "/projects/:id/snags",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "The project's snags, newest first",
        description:
          "`?status=open|fixed|closed` keeps one status. Each snag with its photos, who raised it, its assignee, due date, status, its `history` of moves and the `moves` the caller may make; `counts` per status, and whether the caller may raise one now (`canRaise`, else `raiseRefusal`).",
        querystring: snagListQuerySchema,
        response: { 200: envelope(snagList) },
      },
    },
    async (request) => ok(await snags.list(viewer(request), projectIdOf(request), request.query.status)),
  );

  // Each snag tells the project's people by email: a ceiling per person, as for live checks.
  routes.post(
    "/projects/:id/snags",
    {
      preValidation: [requireUser, projectIdFound],
      config: perUserLimit(30, 60),
      schema: {
        summary: "Raise a snag (JSON, or multipart with photos)",
        description: RAISE_DESCRIPTION,
        response: { 201: envelope(snag) },
      },
    },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      if (!request.isMultipart()) {
        const raised = await snags.raise(viewer(request), projectId, { fields: request.body ?? {}, upload: null });
        return reply.status(201).send(ok(raised));
      }
      await snags.assertMayRaise(viewer(request), projectId);
      const form = await readMultipart(request, photoLimits);
      const fields = Object.fromEntries(SNAG_FIELDS.map((field) => [field, form.fields[field]?.[0]]));
      const raised = await withUploadedPhotos(takeUploads, viewer(request), projectId, form, (upload) =>
        snags.raise(viewer(request), projectId, { fields, upload }),
      );
      return reply.status(201).send(ok(raised));
    },
  );

  routes.patch(
    "/projects/:id/snags/:snagId",
    {
      preValidation: [requireUser, readableSnag],
      schema: {
        summary: "Move a snag's status",
        description:
          "`{ status, reason? }`: `open` → `fixed` by the team (those who may edit the project); `fixed` → `closed`, and `fixed` or `closed` → `open` with a `reason` (400 without), by the project office or the project's client. Any other move 409 `invalid_transition`; a move the caller may not make 403. Two moves at once: one is made, the other 409.",
        body: snagStatusChangeSchema,
        response: { 200: envelope(snag) },
      },
    },
    async (request) => ok(await snags.move(viewer(request), projectIdOf(request), snagIdOf(request), request.body)),
  );
}
