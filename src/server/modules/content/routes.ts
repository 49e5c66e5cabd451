import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok, parseInput } from "../../platform/envelope.js";
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
  app.get("/services/:slug", async (request) => ok(await content.getService(parseInput(slugParams, request.params).slug)));
  app.get("/portfolio", async (request) => ok(await content.listPortfolio(parseInput(listingQuery, request.query))));
  app.get("/portfolio/:slug", async (request) => ok(await content.getPortfolioProject(parseInput(slugParams, request.params).slug)));
  app.get("/blog/posts", async (request) => ok(await content.listPosts(parseInput(listingQuery, request.query))));
  app.get("/blog/posts/:slug", async (request) => ok(await content.getPost(parseInput(slugParams, request.params).slug)));
}
