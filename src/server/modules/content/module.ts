import type { FastifyInstance } from "fastify";
import { contentRoutes } from "./routes.js";
import type { ContentService } from "./service.js";

export type ContentModuleOptions = { content: ContentService };

/** The public content API under /api; the service is made by the app, as the mailer and the sitemap read it too. */
export async function contentModule(app: FastifyInstance, { content }: ContentModuleOptions) {
  await app.register(contentRoutes, { content });
}
