import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  beforeCursorSchema,
  DOCUMENT_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_UPLOAD,
  photoRemovalSchema,
  projectMessages,
} from "../../../shared/projects.js";
import { currentViewer } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { readMultipart } from "../../platform/multipart.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { Diary } from "./diary.js";
import { attachmentHeader } from "./document-types.js";
import type { Documents } from "./documents.js";
import type { Gallery } from "./gallery.js";
import type { ProjectGuard } from "./guard.js";
import { idParam } from "./params.js";

type Options = {
  diary: Diary;
  gallery: Gallery;
  documents: Documents;
  guard: ProjectGuard;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** Uploads per client address: generous for a site office sharing one connection, a ceiling for abuse. */
const UPLOAD_LIMIT = perAddressLimit(60, 15);

const photoLimits = {
  fileField: "images",
  maxFileBytes: PHOTO_MAX_BYTES,
  maxFiles: PHOTOS_PER_UPLOAD,
  tooLarge: projectMessages.photoTooLarge,
  tooMany: projectMessages.tooManyPhotos,
};

const documentLimits = {
  fileField: "document",
  maxFileBytes: DOCUMENT_MAX_BYTES,
  maxFiles: 1,
  tooLarge: projectMessages.documentTooLarge,
  tooMany: "Upload one document at a time.",
};

/** A project's site diary, photo gallery and documents (uploads are multipart forms). */
export async function projectMediaRoutes(app: FastifyInstance, { diary, gallery, documents, guard, requireUser }: Options) {
  app.addHook("preValidation", requireUser);
  const viewer = currentViewer;
  const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
  const before = (request: FastifyRequest) => parseInput(beforeCursorSchema, request.query).before;
  const photoIdOf = (request: FastifyRequest) => idParam(request.params, "photoId", "Photo not found.");
  const documentIdOf = (request: FastifyRequest) => idParam(request.params, "documentId", "Document not found.");
  /** Refuses before the upload is read when the caller may not add to the project. */
  const editableProject = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request);
    await guard.edit(viewer(request), projectId);
    return projectId;
  };

  app.get("/projects/:id/updates", async (request) => ok(await diary.list(viewer(request), projectIdOf(request), before(request))));
  app.post("/projects/:id/updates", { config: UPLOAD_LIMIT }, async (request, reply) => {
    const projectId = await editableProject(request);
    const upload = await readMultipart(request, photoLimits);
    return reply.status(201).send(ok(await diary.post(viewer(request), projectId, upload)));
  });

  app.get("/projects/:id/images", async (request) => ok(await gallery.list(viewer(request), projectIdOf(request), before(request))));
  app.post("/projects/:id/images", { config: UPLOAD_LIMIT }, async (request, reply) => {
    const projectId = await editableProject(request);
    const upload = await readMultipart(request, photoLimits);
    return reply.status(201).send(ok({ photos: await gallery.add(viewer(request), projectId, upload) }));
  });
  app.put("/projects/:id/images/:photoId", async (request) =>
    ok(await gallery.setCaption(viewer(request), projectIdOf(request), photoIdOf(request), request.body)),
  );
  app.delete("/projects/:id/images/:photoId", async (request, reply) => {
    const { reason } = parseInput(photoRemovalSchema, request.body);
    await gallery.remove(viewer(request), projectIdOf(request), photoIdOf(request), reason);
    return reply.status(204).send();
  });

  app.get("/projects/:id/documents", async (request) => ok({ items: await documents.list(viewer(request), projectIdOf(request)) }));
  app.post("/projects/:id/documents", { config: UPLOAD_LIMIT }, async (request, reply) => {
    const projectId = await editableProject(request);
    const upload = await readMultipart(request, documentLimits);
    return reply.status(201).send(ok(await documents.add(viewer(request), projectId, upload)));
  });
  app.get("/projects/:id/documents/:documentId/download", async (request, reply) => {
    const { document, stream } = await documents.open(viewer(request), projectIdOf(request), documentIdOf(request));
    return reply
      .type(document.contentType)
      .header("content-disposition", attachmentHeader(document.fileName))
      .header("content-length", String(document.sizeBytes))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(stream);
  });
  app.delete("/projects/:id/documents/:documentId", async (request, reply) => {
    await documents.remove(viewer(request), projectIdOf(request), documentIdOf(request));
    return reply.status(204).send();
  });
}
