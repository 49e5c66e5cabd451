import type { ApiQueryKey } from "../../lib/api-query";

/** The public lists' API paths, also refreshed by the portal screens that change what they show (portfolio, blog). */
export const sitePaths = { portfolio: "/portfolio", posts: "/blog/posts" } as const;

/** The API keys of the public site's data (see src/server/modules/content/routes.ts). */
export const siteKeys = {
  company: ["/content/company"] as ApiQueryKey,
  about: ["/content/about"] as ApiQueryKey,
  home: ["/content/home"] as ApiQueryKey,
  services: ["/services"] as ApiQueryKey,
  service: (slug: string): ApiQueryKey => [`/services/${slug}`],
  portfolio: (category: string | undefined, page: number): ApiQueryKey => [
    sitePaths.portfolio,
    { category, page: page > 1 ? page : undefined },
  ],
  posts: (category: string | undefined, page: number): ApiQueryKey => [sitePaths.posts, { category, page: page > 1 ? page : undefined }],
  post: (slug: string): ApiQueryKey => [`${sitePaths.posts}/${slug}`],
};

/** The page number from ?page=, 1 when absent or not a positive whole number. */
export function pageNumberOf(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
