import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canManageSiteContent } from "../../../shared/access.js";
import { blogPreview, managedPost, managedPostsPage } from "../../../shared/answers/blog-admin.js";
import {
  BLOG_COVER_MAX_BYTES,
  blogAdminMessages,
  blogPostCreateSchema,
  blogPostUpdateSchema,
  blogPreviewSchema,
  managedPostsQuerySchema,
} from "../../../shared/blog-admin.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
import { currentUser, requireAccess } from "../../platform/authenticate.js";
import { ApiError, ok } from "../../platform/envelope.js";
import { readOneFile } from "../../platform/multipart.js";
import { rowIdParams } from "../../platform/params.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { BlogAdminService } from "./service.js";

type Options = { blog: BlogAdminService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** Writing the blog (Digital Marketing and admins); the public blog API stays in the content module. */
export async function blogAdminRoutes(app: FastifyInstance, { blog, requireUser }: Options) {
  const writers = { preValidation: [requireUser, requireAccess(canManageSiteContent)] };
  const postId = (request: FastifyRequest) => {
    const parsed = rowIdParams.safeParse(request.params);
    if (!parsed.success) throw new ApiError(404, blogAdminMessages.notFound, "not_found");
    return parsed.data.id;
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/blog/manage/posts",
    {
      ...writers,
      schema: {
        description:
          "Digital Marketing and admins: drafts and published posts, 20 a page → `{ items, total, page, pageSize, pageCount, counts }`; POST `{ title, category, excerpt, bodyMarkdown, keywords?, coverImage?, slug? }` → 201 draft",
        summary: "A page of the blog's posts, drafts included",
        querystring: managedPostsQuerySchema,
        response: { 200: envelope(managedPostsPage) },
      },
    },
    async (request) => ok(await blog.list(request.query)),
  );

  // The id is read by postId (a malformed one is 404, as an unknown one), not declared as params (400).
  routes.get(
    "/blog/manage/posts/:id",
    {
      ...writers,
      schema: {
        description: "one post; PUT any of the fields",
        summary: "One post, with its Markdown",
        response: { 200: envelope(managedPost) },
      },
    },
    async (request) => ok(await blog.get(postId(request))),
  );

  routes.post(
    "/blog/manage/posts",
    {
      ...writers,
      schema: {
        description:
          "Digital Marketing and admins: drafts and published posts, 20 a page → `{ items, total, page, pageSize, pageCount, counts }`; POST `{ title, category, excerpt, bodyMarkdown, keywords?, coverImage?, slug? }` → 201 draft",
        summary: "Write a new draft",
        body: blogPostCreateSchema,
        response: { 201: envelope(managedPost) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return reply.status(201).send(ok(await blog.create(currentUser(request).userId, input), "Draft saved."));
    },
  );

  routes.put(
    "/blog/manage/posts/:id",
    {
      ...writers,
      schema: {
        description: "one post; PUT any of the fields",
        summary: "Change a post",
        body: blogPostUpdateSchema,
        response: { 200: envelope(managedPost) },
      },
    },
    async (request) => {
      const id = postId(request);
      return ok(await blog.update(id, request.body), "Post saved.");
    },
  );

  routes.post(
    "/blog/manage/posts/:id/publish",
    {
      ...writers,
      schema: {
        description: "publish (the post reaches `/blog` and `/sitemap.xml`), unpublish, cover image (multipart `image`, ≤ 8 MB)",
        summary: "Publish a post",
        response: { 200: envelope(managedPost) },
      },
    },
    async (request) => ok(await blog.publish(postId(request)), "Post published."),
  );

  routes.post(
    "/blog/manage/posts/:id/unpublish",
    { ...writers, schema: { summary: "Make a published post a draft again", response: { 200: envelope(managedPost) } } },
    async (request) => ok(await blog.unpublish(postId(request)), "Post unpublished: it is a draft again."),
  );

  routes.delete(
    "/blog/manage/posts/:id",
    { ...writers, schema: { description: "one post; PUT any of the fields", summary: "Delete a post", response: { 200: emptyEnvelope } } },
    async (request) => {
      await blog.remove(postId(request));
      return ok(null, "Post deleted.");
    },
  );

  routes.post(
    "/blog/manage/posts/:id/cover",
    {
      ...writers,
      config: perAddressLimit(20, 15),
      schema: { summary: "Upload a post's cover image (multipart, field image)", response: { 200: envelope(managedPost) } },
    },
    async (request) => {
      const id = postId(request);
      const bytes = await readOneFile(request, {
        fileField: "image",
        maxFileBytes: BLOG_COVER_MAX_BYTES,
        missing: blogAdminMessages.noCover,
        tooLarge: blogAdminMessages.coverTooLarge,
        tooMany: blogAdminMessages.oneCover,
      });
      return ok(await blog.setCover(id, bytes), "Cover image saved.");
    },
  );

  routes.post(
    "/blog/preview",
    {
      ...writers,
      schema: {
        description: "`{ bodyMarkdown }` → `{ html }` sanitised like the public post",
        summary: "Render a post's Markdown as it will show",
        body: blogPreviewSchema,
        response: { 200: envelope(blogPreview) },
      },
    },
    async (request) => ok(blog.preview(request.body.bodyMarkdown)),
  );
}
