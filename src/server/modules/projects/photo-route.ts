import { and, eq, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { canManageSiteContent } from "../../../shared/access.js";
import type { AppDb } from "../../db/client.js";
import { offerableForPortfolio, onPublicSite } from "../../db/public-projects.js";
import { projects } from "../../db/schema.js";
import type { MediaViewer } from "../../platform/authenticate.js";
import { mediaNotFound, sendMediaFile } from "../../platform/media-files.js";
import { idParam } from "../../platform/params.js";
import type { FileStorage } from "../../platform/storage.js";
import type { ProjectGuard } from "./guard.js";

type Options = { db: AppDb; guard: ProjectGuard; photos: FileStorage; mediaViewer: MediaViewer };

/**
 * A project or site-diary photo (/api/media/projects/{id}/{file}): for the project's readers, checked on every
 * request, so that someone taken off the project loses its photos at once. The cover of a project the public site
 * shows is public; the cover of one offered to the portfolio is also for Digital Marketing, who choose among them.
 * Any other request answers 404, whoever asks.
 */
export async function projectPhotoRoute(app: FastifyInstance, { db, guard, photos, mediaViewer }: Options) {
  app.get(
    "/media/projects/:id/:file",
    {
      schema: {
        description:
          "a project, site-diary or message photo, to readers of the project or conversation only (Bearer, or the httpOnly `cb_media` cookie set at sign-in and refresh), `private, max-age=300`; 404 to anyone else; a portfolio project's cover is public. With S3, a 302 to a URL signed for 5 minutes",
      },
    },
    async (request, reply) => {
      const projectId = idParam(request.params, "id");
      const { file } = request.params as { file: string };
      const key = { folder: `projects/${projectId}`, file };
      const viewer = await mediaViewer(request);
      if (viewer && (await guard.mayRead(viewer, projectId))) return sendMediaFile(reply, photos, key, "private");
      const [cover] = await db
        .select({ public: onPublicSite })
        .from(projects)
        .where(
          and(
            eq(projects.id, projectId),
            eq(projects.coverImage, photos.urlOf(`${key.folder}/${key.file}`)),
            or(onPublicSite, viewer && canManageSiteContent(viewer) ? offerableForPortfolio : undefined),
          ),
        );
      if (!cover) throw mediaNotFound();
      return sendMediaFile(reply, photos, key, cover.public ? "public" : "private");
    },
  );
}
