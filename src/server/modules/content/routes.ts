import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../platform/envelope.js";
import type { ContentService } from "./service.js";

const listingQuery = z.object({
  category: z.string().max(60).optional(),
  page: z.coerce
    .number({ error: "Page must be a whole number." })
    .int("Page must be a whole number.")
    .min(1, "Page must be 1 or more.")
    .max(1000)
    .default(1),
});
const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, "Unknown address.") });

/** Public, read-only content API used by the server-rendered pages and by client-side navigation. */
export async function contentRoutes(app: FastifyInstance, options: { content: ContentService }) {
  const { content } = options;
  app.get("/content/company", async () => ok(await content.getCompany()));
  app.get("/content/about", async () => ok(await content.getAbout()));
  app.get("/content/home", async () => ok(await content.getHome()));
  app.get("/services", async () => ok(await content.listServices()));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const bySlug = { schema: { params: slugParams } };
  const listing = { schema: { querystring: listingQuery } };
  routes.get("/services/:slug", bySlug, async (request) => ok(await content.getService(request.params.slug)));
  routes.get("/portfolio", listing, async (request) => ok(await content.listPortfolio(request.query)));
  routes.get("/portfolio/:slug", bySlug, async (request) => ok(await content.getPortfolioProject(request.params.slug)));
  routes.get("/blog/posts", listing, async (request) => ok(await content.listPosts(request.query)));
  routes.get("/blog/posts/:slug", bySlug, async (request) => ok(await content.getPost(request.params.slug)));
}
