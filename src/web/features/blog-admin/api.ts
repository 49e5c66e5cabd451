import type { BlogPostCreateInput, BlogPostStatus, BlogPostUpdateInput, ManagedPost, ManagedPostsPage } from "../../../shared/blog-admin";
import { apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

export const MANAGED_POSTS_PATH = "/blog/manage/posts";
const postPath = (id: number) => `${MANAGED_POSTS_PATH}/${id}`;

export const managedPostsQuery = (status: BlogPostStatus, page: number) =>
  privateQuery<ManagedPostsPage>([MANAGED_POSTS_PATH, { status, page }]);

export const managedPostQuery = (id: number) => privateQuery<ManagedPost>([postPath(id)]);

/** Writing the blog (Digital Marketing and admins). */
export const blogAdminApi = {
  create: (input: BlogPostCreateInput) => apiRequest<ManagedPost>("POST", MANAGED_POSTS_PATH, input),
  update: (id: number, changes: BlogPostUpdateInput) => apiRequest<ManagedPost>("PUT", postPath(id), changes),
  publish: (id: number) => apiRequest<ManagedPost>("POST", `${postPath(id)}/publish`, {}),
  unpublish: (id: number) => apiRequest<ManagedPost>("POST", `${postPath(id)}/unpublish`, {}),
  remove: (id: number) => apiRequest<null>("DELETE", postPath(id), {}),
  uploadCover(id: number, image: File) {
    const form = new FormData();
    form.append("image", image);
    return apiRequest<ManagedPost>("POST", `${postPath(id)}/cover`, form);
  },
  /** The Markdown as the public post page would show it, sanitised by the server. */
  preview: (bodyMarkdown: string) => apiRequest<{ html: string }>("POST", "/blog/preview", { bodyMarkdown }),
};
