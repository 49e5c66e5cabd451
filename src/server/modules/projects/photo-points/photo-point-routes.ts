import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { photoPoint, photoPointList, photoPointSeries } from "../../../../shared/answers/projects.js";
import {
  MAX_PHOTO_POINTS,
  PHOTO_POINT_NAME_MAX,
  TIMELAPSE_FRAME_MS,
  TIMELAPSE_MAX_FRAMES,
  TIMELAPSE_MAX_WIDTH,
} from "../../../../shared/evidence.js";
import { photoPointCreateSchema } from "../../../../shared/projects.js";
import { envelope } from "../../../platform/api-schemas.js";
import { currentViewer } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { idParam } from "../../../platform/params.js";
import { perUserLimit } from "../../../platform/rate-limit.js";
import type { ProjectGuard } from "../guard.js";
import { projectIdFound, projectIdOf } from "../params.js";
import type { PhotoPoints } from "./photo-points.js";
import type { Timelapses } from "./timelapses.js";

type Options = {
  photoPoints: PhotoPoints;
  timelapses: Timelapses;
  guard: ProjectGuard;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const pointIdOf = (request: FastifyRequest) => idParam(request.params, "pointId", "Photo point not found.");

/** The photo points of a project (docs/decisions/138-photo-points.md): its readers see them (404 otherwise), its editors name them. */
export async function photoPointRoutes(app: FastifyInstance, { photoPoints, timelapses, guard, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** A malformed point id is a 404 like an unknown one. */
  const pointIdFound = async (request: FastifyRequest) => {
    projectIdOf(request);
    pointIdOf(request);
  };
  /** 404 for a project the caller may not read, 403 when they may read it but not name points, before the body is checked. */
  const editableProject = async (request: FastifyRequest) => {
    await guard.edit(viewer(request), projectIdOf(request));
  };

  routes.get(
    "/projects/:id/photo-points",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "The project's photo points, in the order they were named",
        description:
          "Fixed viewpoints on the site, each with its name, optional position and bearing, how many photos were taken from it (`photoCount`) and the latest of them (`latestPhoto`).",
        response: { 200: envelope(photoPointList) },
      },
    },
    async (request) => ok(await photoPoints.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/photo-points",
    {
      preValidation: [requireUser, projectIdFound, editableProject],
      config: perUserLimit(60, 15),
      schema: {
        summary: "Name a photo point on the site (the project's editors)",
        description: `\`{ name, latitude?, longitude?, bearing? }\` → 201 with the point. The name (at most ${PHOTO_POINT_NAME_MAX} characters) is the project's only one by that name, whatever the case; latitude and longitude come together; the bearing is whole degrees from north (0 to 359). A project has at most ${MAX_PHOTO_POINTS} points. Photos are then sent with the capture field \`photoPointId\`.`,
        body: photoPointCreateSchema,
        response: { 201: envelope(photoPoint) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await photoPoints.create(viewer(request), projectIdOf(request), request.body))),
  );

  routes.get(
    "/projects/:id/photo-points/:pointId",
    {
      preValidation: [requireUser, pointIdFound],
      schema: {
        summary: "A photo point and its series of photos, oldest first",
        description:
          "`{ point, photos }`: every photo taken from the point as the gallery answers it (verdict, `capturedAt`, `receivedAt`, `uploadedBy`, `sha256`), oldest first. A point of another project is not found (404).",
        response: { 200: envelope(photoPointSeries) },
      },
    },
    async (request) => ok(await photoPoints.series(viewer(request), projectIdOf(request), pointIdOf(request))),
  );

  // Making a time-lapse decodes up to 120 photos: a ceiling per person, though a series made once is kept.
  routes.get(
    "/projects/:id/photo-points/:pointId/timelapse",
    {
      preValidation: [requireUser, pointIdFound],
      config: perUserLimit(60, 15),
      schema: {
        summary: "The time-lapse of a photo point (an animated WebP)",
        description: `The latest ${TIMELAPSE_MAX_FRAMES} photos of the series, oldest first, one frame each shown ${TIMELAPSE_FRAME_MS} ms, at most ${TIMELAPSE_MAX_WIDTH} px wide, looping; \`image/webp\`, \`private, max-age=300\`, to the project's readers only. 404 when the point has fewer than 2 photos. Made again only when the series changes.`,
      },
    },
    async (request, reply) => {
      const timelapse = await timelapses.of(viewer(request), projectIdOf(request), pointIdOf(request));
      reply
        .type("image/webp")
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", 'inline; filename="timelapse.webp"');
      if ("data" in timelapse) return reply.header("content-length", String(timelapse.data.length)).send(timelapse.data);
      return reply.header("content-length", String(timelapse.stored.sizeBytes)).send(timelapse.stored.stream);
    },
  );
}
