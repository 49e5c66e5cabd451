import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { FileStorage } from "../../platform/storage.js";
import { blogAdminRoutes } from "./routes.js";
import { createBlogAdminService } from "./service.js";

export type BlogAdminModuleOptions = { db: AppDb; storage: FileStorage; requireUser: RequireUser };

/** The blog's management under /api: drafts, publishing, cover images. */
export async function blogAdminModule(app: FastifyInstance, { db, storage, requireUser }: BlogAdminModuleOptions) {
  await app.register(blogAdminRoutes, { blog: createBlogAdminService({ db, storage }), requireUser });
}
