import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  projectDocument,
  projectDocumentList,
  projectPhoto,
  projectPhotoPage,
  siteUpdate,
  siteUpdatePage,
  uploadedPhotos,
} from "../../../shared/answers/projects.js";
import {
  beforeCursorSchema,
  DOCUMENT_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_UPLOAD,
  photoCaptionSchema,
  photoRemovalSchema,
  projectMessages,
} from "../../../shared/projects.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer } from "../../platform/authenticate.js";
import { attachmentHeader } from "../../platform/downloads.js";
import { ok } from "../../platform/envelope.js";
import { readMultipart } from "../../platform/multipart.js";
import { idParam } from "../../platform/params.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { Diary } from "./diary.js";
import type { Documents } from "./documents.js";
import { type TakeFinishedUploads, withUploadedPhotos } from "./finished-uploads.js";
import type { Gallery } from "./gallery.js";
import type { ProjectGuard } from "./guard.js";
import { projectIdFound, projectIdOf } from "./params.js";

type Options = {
  diary: Diary;
  gallery: Gallery;
  documents: Documents;
  guard: ProjectGuard;
  takeUploads: TakeFinishedUploads;
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

const photoIdOf = (request: FastifyRequest) => idParam(request.params, "photoId", "Photo not found.");
const documentIdOf = (request: FastifyRequest) => idParam(request.params, "documentId", "Document not found.");

/** A project's site diary, photo gallery and documents (uploads are multipart forms). */
export async function projectMediaRoutes(app: FastifyInstance, { diary, gallery, documents, guard, takeUploads, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** Refuses before the upload is read when the caller may not add to the project. */
  const editableProject = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request);
    await guard.edit(viewer(request), projectId);
    return projectId;
  };
  /** A caption: 404 for a malformed id or a project the caller may not read, 403 when they may not edit it, before the body is checked. */
  const editablePhoto = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request);
    photoIdOf(request);
    await guard.edit(viewer(request), projectId);
  };

  routes.get(
    "/projects/:id/updates",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        description:
          "site diary, newest first (`?before=`); POST multipart `body` + `images` (or `uploadIds`: finished photo uploads of /api/uploads) → 201",
        summary: "A page of the site diary, newest first",
        querystring: beforeCursorSchema,
        response: { 200: envelope(siteUpdatePage) },
      },
    },
    async (request) => ok(await diary.list(viewer(request), projectIdOf(request), request.query.before)),
  );
  routes.post(
    "/projects/:id/updates",
    {
      preValidation: requireUser,
      config: UPLOAD_LIMIT,
      schema: {
        description:
          "site diary, newest first (`?before=`); POST multipart `body` + `images` (or `uploadIds`: finished photo uploads of /api/uploads) → 201",
        summary: "Write a site diary entry, with photos (multipart)",
        response: { 201: envelope(siteUpdate) },
      },
    },
    async (request, reply) => {
      const projectId = await editableProject(request);
      const form = await readMultipart(request, photoLimits);
      const entry = await withUploadedPhotos(takeUploads, viewer(request), projectId, form, (upload) =>
        diary.post(viewer(request), projectId, upload),
      );
      return reply.status(201).send(ok(entry));
    },
  );

  routes.get(
    "/projects/:id/images",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        description:
          "gallery (`?before=`); POST multipart `images` (≤ 10, ≤ 15 MB each, JPEG/PNG/WebP from the bytes; or `uploadIds`, finished photo uploads of /api/uploads) + `caption`s → 201 `{ photos }` (400 px and 1600 px WebP, no EXIF/GPS)",
        summary: "A page of the photo gallery, newest first",
        querystring: beforeCursorSchema,
        response: { 200: envelope(projectPhotoPage) },
      },
    },
    async (request) => ok(await gallery.list(viewer(request), projectIdOf(request), request.query.before)),
  );
  routes.post(
    "/projects/:id/images",
    {
      preValidation: requireUser,
      config: UPLOAD_LIMIT,
      schema: {
        description:
          "gallery (`?before=`); POST multipart `images` (≤ 10, ≤ 15 MB each, JPEG/PNG/WebP from the bytes; or `uploadIds`, finished photo uploads of /api/uploads) + `caption`s → 201 `{ photos }` (400 px and 1600 px WebP, no EXIF/GPS)",
        summary: "Add photos to the gallery (multipart)",
        response: { 201: envelope(uploadedPhotos) },
      },
    },
    async (request, reply) => {
      const projectId = await editableProject(request);
      const form = await readMultipart(request, photoLimits);
      const photos = await withUploadedPhotos(takeUploads, viewer(request), projectId, form, (upload) =>
        gallery.add(viewer(request), projectId, upload),
      );
      return reply.status(201).send(ok({ photos }));
    },
  );
  routes.put(
    "/projects/:id/images/:photoId",
    {
      preValidation: [requireUser, editablePhoto],
      schema: {
        description: "`{ caption }`; DELETE → 204",
        summary: "Change a photo's caption",
        body: photoCaptionSchema,
        response: { 200: envelope(projectPhoto) },
      },
    },
    async (request) => ok(await gallery.setCaption(viewer(request), projectIdOf(request), photoIdOf(request), request.body)),
  );
  routes.delete(
    "/projects/:id/images/:photoId",
    {
      preValidation: [requireUser, editablePhoto],
      schema: {
        description: "`{ caption }`; DELETE → 204",
        summary: "Remove a photo, saying why in the evidence log (204, no body)",
        body: photoRemovalSchema,
      },
    },
    async (request, reply) => {
      await gallery.remove(viewer(request), projectIdOf(request), photoIdOf(request), request.body.reason);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/projects/:id/documents",
    {
      preValidation: requireUser,
      schema: {
        description:
          "list: each document's latest version with `earlierVersions`; POST multipart `document` (PDF, DWG, DXF, DOCX, XLSX, JPG, PNG or ZIP, judged from the bytes; macros and programs refused; ≤ 25 MB) + `title` + `folder` (`contract`, `drawings`, `approvals`, `invoices`, `other`) → 201; the same name in the same folder becomes its next version",
        summary: "The project's documents, each with its earlier versions",
        response: { 200: envelope(projectDocumentList) },
      },
    },
    async (request) => ok({ items: await documents.list(viewer(request), projectIdOf(request)) }),
  );
  routes.post(
    "/projects/:id/documents",
    {
      preValidation: requireUser,
      config: UPLOAD_LIMIT,
      schema: {
        description:
          "list: each document's latest version with `earlierVersions`; POST multipart `document` (PDF, DWG, DXF, DOCX, XLSX, JPG, PNG or ZIP, judged from the bytes; macros and programs refused; ≤ 25 MB) + `title` + `folder` (`contract`, `drawings`, `approvals`, `invoices`, `other`) → 201; the same name in the same folder becomes its next version",
        summary: "Upload a document (multipart)",
        response: { 201: envelope(projectDocument) },
      },
    },
    async (request, reply) => {
      const projectId = await editableProject(request);
      const upload = await readMultipart(request, documentLimits);
      return reply.status(201).send(ok(await documents.add(viewer(request), projectId, upload)));
    },
  );
  // The file itself, as an attachment: no JSON answer to declare.
  routes.get(
    "/projects/:id/documents/:documentId/download",
    {
      preValidation: requireUser,
      schema: {
        description: "the file as an attachment, readers only; DELETE without `/download` → 204",
        summary: "Download a document's file",
      },
    },
    async (request, reply) => {
      const { document, stream } = await documents.open(viewer(request), projectIdOf(request), documentIdOf(request));
      return reply
        .type(document.contentType)
        .header("content-disposition", attachmentHeader(document.fileName))
        .header("content-length", String(document.sizeBytes))
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(stream);
    },
  );
  routes.delete(
    "/projects/:id/documents/:documentId",
    { preValidation: requireUser, schema: { summary: "Delete a document (204, no body)" } },
    async (request, reply) => {
      await documents.remove(viewer(request), projectIdOf(request), documentIdOf(request));
      return reply.status(204).send();
    },
  );
}
