import type { ApiQueryKey } from "../../lib/query/api-query";

/** The public data's API paths that portal screens change (settings, portfolio, blog), and so refresh. */
export const sitePaths = { company: "/content/company", portfolio: "/portfolio", posts: "/blog/posts" } as const;

/** The API keys of the public site's data (see src/server/modules/content/routes.ts). */
export const siteKeys = {
  company: [sitePaths.company] as ApiQueryKey,
  about: ["/content/about"] as ApiQueryKey,
  home: ["/content/home"] as ApiQueryKey,
  services: ["/services"] as ApiQueryKey,
  service: (slug: string): ApiQueryKey => [`/services/${slug}`],
  portfolio: (category: string | undefined, page: number): ApiQueryKey => [
    sitePaths.portfolio,
    { category, page: page > 1 ? page : undefined },
  ],
  portfolioProject: (slug: string): ApiQueryKey => [`${sitePaths.portfolio}/${slug}`],
  posts: (category: string | undefined, page: number): ApiQueryKey => [sitePaths.posts, { category, page: page > 1 ? page : undefined }],
  post: (slug: string): ApiQueryKey => [`${sitePaths.posts}/${slug}`],
  /** The identity providers of 'Continue with …' on the sign-in screens: public, the same for everyone. */
  signInProviders: ["/auth/oidc/providers"] as ApiQueryKey,
};

/** The page number from ?page=, 1 when absent or not a positive whole number. */
export function pageNumberOf(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
