import { useQueryClient } from "@tanstack/react-query";
import type { ManagedPost } from "../../../shared/blog-admin";
import { useSiteData } from "../../lib/site-data";
import { sitePaths } from "../site";
import { MANAGED_POSTS_PATH, managedPostQuery } from "./api";

/**
 * After a change the changed post is known exactly (or gone, `null`); the lists and their counts are stale, and
 * so is the public blog this browser may have cached.
 */
export function usePostChanged() {
  const queryClient = useQueryClient();
  const siteData = useSiteData();
  return async (id: number, post: ManagedPost | null) => {
    if (post) queryClient.setQueryData(managedPostQuery(id).queryKey, post);
    else queryClient.removeQueries({ queryKey: managedPostQuery(id).queryKey });
    siteData.invalidate(sitePaths.posts);
    await queryClient.invalidateQueries({ queryKey: [MANAGED_POSTS_PATH] });
  };
}
