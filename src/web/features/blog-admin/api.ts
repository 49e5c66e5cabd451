import type { QueryClient } from "@tanstack/react-query";
import type { BlogPostCreateInput, BlogPostStatus, BlogPostUpdateInput, ManagedPost, ManagedPostsPage } from "../../../shared/blog-admin";
import { pathStartsWith, privateQuery } from "../../lib/api-query";
import { apiRequest } from "../../lib/http";
import { sitePaths } from "../site";

const MANAGED_POSTS_PATH = "/blog/manage/posts";
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

/**
 * After a change the changed post is known exactly (or gone); the lists and their counts are stale, and
 * so is the public blog this browser may have cached.
 */
export async function afterPostChange(queryClient: QueryClient, id: number, post: ManagedPost | null) {
  if (post) queryClient.setQueryData(managedPostQuery(id).queryKey, post);
  else queryClient.removeQueries({ queryKey: managedPostQuery(id).queryKey });
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === MANAGED_POSTS_PATH || pathStartsWith(sitePaths.posts)(query),
  });
}
