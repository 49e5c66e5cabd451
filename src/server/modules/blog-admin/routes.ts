import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canManageSiteContent } from "../../../shared/access.js";
import {
  BLOG_COVER_MAX_BYTES,
  blogAdminMessages,
  blogPostCreateSchema,
  blogPostUpdateSchema,
  blogPreviewSchema,
  managedPostsQuerySchema,
} from "../../../shared/blog-admin.js";
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
  routes.get("/blog/manage/posts", { ...writers, schema: { querystring: managedPostsQuerySchema } }, async (request) =>
    ok(await blog.list(request.query)),
  );

  app.get("/blog/manage/posts/:id", writers, async (request) => ok(await blog.get(postId(request))));

  routes.post("/blog/manage/posts", { ...writers, schema: { body: blogPostCreateSchema } }, async (request, reply) => {
    const input = request.body;
    return reply.status(201).send(ok(await blog.create(currentUser(request).userId, input), "Draft saved."));
  });

  routes.put("/blog/manage/posts/:id", { ...writers, schema: { body: blogPostUpdateSchema } }, async (request) => {
    const id = postId(request);
    return ok(await blog.update(id, request.body), "Post saved.");
  });

  app.post("/blog/manage/posts/:id/publish", writers, async (request) => ok(await blog.publish(postId(request)), "Post published."));

  app.post("/blog/manage/posts/:id/unpublish", writers, async (request) =>
    ok(await blog.unpublish(postId(request)), "Post unpublished: it is a draft again."),
  );

  app.delete("/blog/manage/posts/:id", writers, async (request) => {
    await blog.remove(postId(request));
    return ok(null, "Post deleted.");
  });

  app.post("/blog/manage/posts/:id/cover", { ...writers, config: perAddressLimit(20, 15) }, async (request) => {
    const id = postId(request);
    const bytes = await readOneFile(request, {
      fileField: "image",
      maxFileBytes: BLOG_COVER_MAX_BYTES,
      missing: blogAdminMessages.noCover,
      tooLarge: blogAdminMessages.coverTooLarge,
      tooMany: blogAdminMessages.oneCover,
    });
    return ok(await blog.setCover(id, bytes), "Cover image saved.");
  });

  routes.post("/blog/preview", { ...writers, schema: { body: blogPreviewSchema } }, async (request) =>
    ok(blog.preview(request.body.bodyMarkdown)),
  );
}
