import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  about,
  blogPost,
  blogPostPage,
  company,
  homeContent,
  portfolioPage,
  portfolioProject,
  service,
} from "../../../shared/answers/content.js";
import { envelope } from "../../platform/api-schemas.js";
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const answer = <Data extends z.ZodType>(summary: string, data: Data) => ({ summary, response: { 200: envelope(data) } });
  routes.get(
    "/content/company",
    {
      schema: answer("The company and its contact details", company),
    },
    async () => ok(await content.getCompany()),
  );
  routes.get(
    "/content/about",
    {
      schema: answer("The about page's content", about),
    },
    async () => ok(await content.getAbout()),
  );
  routes.get(
    "/content/home",
    {
      schema: answer("The home page's content", homeContent),
    },
    async () => ok(await content.getHome()),
  );
  routes.get("/services", { schema: answer("The company's services", z.array(service)) }, async () => ok(await content.listServices()));
  routes.get(
    "/services/:slug",
    { schema: { description: "404 for an unknown one.", ...answer("One service", service), params: slugParams } },
    async (request) => ok(await content.getService(request.params.slug)),
  );
  routes.get(
    "/portfolio",
    {
      schema: {
        description:
          "portfolio projects, 6 a page → `{ items, total, page, pageSize, pageCount }`; 404 for an unknown category or a page past the last",
        ...answer("A page of the portfolio", portfolioPage),
        querystring: listingQuery,
      },
    },
    async (request) => ok(await content.listPortfolio(request.query)),
  );
  routes.get(
    "/portfolio/:slug",
    {
      schema: {
        description: "a portfolio project's public fields (its case study); 404 for one the site does not show",
        ...answer("One portfolio project", portfolioProject),
        params: slugParams,
      },
    },
    async (request) => ok(await content.getPortfolioProject(request.params.slug)),
  );
  routes.get(
    "/blog/posts",
    {
      schema: {
        description:
          "published posts, 6 a page → `{ items, total, page, pageSize, pageCount }`; categories `technology`, `projects`, `industry-insights`, `company-news`; 404 past the last page",
        ...answer("A page of the blog's posts", blogPostPage),
        querystring: listingQuery,
      },
    },
    async (request) => ok(await content.listPosts(request.query)),
  );
  routes.get(
    "/blog/posts/:slug",
    {
      schema: {
        description: "one post, its Markdown rendered to sanitised HTML",
        ...answer("One published post", blogPost),
        params: slugParams,
      },
    },
    async (request) => ok(await content.getPost(request.params.slug)),
  );
}
