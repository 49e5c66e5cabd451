import { tmpdir } from "node:os";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { projectVideo, projectVideoPage } from "../../../shared/answers/projects.js";
import { beforeCursorSchema, photoRemovalSchema, projectMessages, VIDEO_MAX_BYTES } from "../../../shared/projects.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { spoolFormFile } from "../../platform/multipart.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import { type TakeFinishedUploads, withUploadedVideo } from "./finished-uploads.js";
import type { ProjectGuard } from "./guard.js";
import { projectIdFound, projectIdOf } from "./params.js";
import type { Videos } from "./videos.js";

type Options = {
  videos: Videos;
  guard: ProjectGuard;
  takeUploads: TakeFinishedUploads;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const videoLimits = {
  fileField: "video",
  maxFileBytes: VIDEO_MAX_BYTES,
  tooLarge: projectMessages.videoTooLarge,
  tooMany: projectMessages.oneVideo,
};

const videoIdOf = (request: FastifyRequest) => idParam(request.params, "videoId", "Video not found.");

/** A project's videos: the project's readers see them, those who may edit it add and remove them. */
export async function videoRoutes(app: FastifyInstance, { videos, guard, takeUploads, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/projects/:id/videos",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "A page of the project's videos, newest first",
        description:
          "`?before=`; each video with its 480p MP4 (`videoUrl`), poster, duration, `verdict`, `capturedAt`, `receivedAt`, `uploadedBy` and `sha256` of the original.",
        querystring: beforeCursorSchema,
        response: { 200: envelope(projectVideoPage) },
      },
    },
    async (request) => ok(await videos.list(viewer(request), projectIdOf(request), request.query.before)),
  );

  // A conversion takes a core for seconds to minutes: a ceiling per person on top of the one-at-a-time queue.
  routes.post(
    "/projects/:id/videos",
    {
      preValidation: requireUser,
      config: perUserLimit(30, 60),
      schema: {
        summary: "Add a video (multipart)",
        description:
          "multipart `video` (MP4, WebM or MOV, ≤ 200 MB, ≤ 10 minutes, judged from the bytes; or `uploadIds` naming one finished video upload of /api/uploads) with `caption` and the capture fields photos take (`source`, `capturedAt`, `queuedAt`, `latitude`, `longitude`, `accuracyMetres`, `milestoneId`, `liveCheckId`) → 201: converted by ffmpeg to a 480p H.264 MP4 without the original's metadata and a poster frame; the original kept with its SHA-256; judged and recorded in the evidence log as a photo is. 503 `busy` when other conversions fill the queue.",
        response: { 201: envelope(projectVideo) },
      },
    },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      // Refused before the upload is read when the caller may not add to the project.
      await guard.edit(viewer(request), projectId);
      const folder = tmpdir();
      const form = await spoolFormFile(request, { ...videoLimits, folder });
      const video = await withUploadedVideo(takeUploads, viewer(request), projectId, { ...form, folder }, (upload) =>
        videos.add(viewer(request), projectId, upload),
      );
      return reply.status(201).send(ok(video));
    },
  );

  routes.delete(
    "/projects/:id/videos/:videoId",
    {
      preValidation: [
        requireUser,
        async (request) => {
          videoIdOf(request);
          await guard.edit(viewer(request), projectIdOf(request));
        },
      ],
      schema: {
        summary: "Remove a video, saying why in the evidence log (204, no body)",
        description: "`{ reason }`; the evidence log keeps an entry saying who removed it and why.",
        body: photoRemovalSchema,
      },
    },
    async (request, reply) => {
      await videos.remove(viewer(request), projectIdOf(request), videoIdOf(request), request.body.reason);
      return reply.status(204).send();
    },
  );
}
