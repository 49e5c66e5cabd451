import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchPath } from "react-router";
import { pageNumberOf, siteKeys } from "../features/site/queries";
import type { ApiQueryKey } from "../lib/api-query";

/** A public, server-rendered screen: its lazily loaded page and the API data it shows. */
export type PublicRoute = {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Fetched before the server renders the page, so the first HTML holds the data. */
  data: (params: Record<string, string | undefined>, search: URLSearchParams) => ApiQueryKey[];
};

export const publicRoutes: PublicRoute[] = [
  { path: "/", Page: lazy(() => import("../pages/public/HomePage")), data: () => [siteKeys.home] },
  { path: "/about", Page: lazy(() => import("../pages/public/AboutPage")), data: () => [siteKeys.about] },
  { path: "/services", Page: lazy(() => import("../pages/public/ServicesPage")), data: () => [siteKeys.services] },
  {
    path: "/services/:category",
    Page: lazy(() => import("../pages/public/ServicesPage")),
    data: (params) => [siteKeys.services, siteKeys.service(params.category ?? "")],
  },
  {
    path: "/projects",
    Page: lazy(() => import("../pages/public/ProjectsPage")),
    data: (_params, search) => [siteKeys.services, siteKeys.portfolio(search.get("category") ?? undefined, pageNumberOf(search))],
  },
  { path: "/contact", Page: lazy(() => import("../pages/public/ContactPage")), data: () => [] },
  {
    path: "/blog",
    Page: lazy(() => import("../pages/public/BlogPage")),
    data: (_params, search) => [siteKeys.posts(undefined, pageNumberOf(search))],
  },
  {
    path: "/blog/:category",
    Page: lazy(() => import("../pages/public/BlogPage")),
    data: (params, search) => [siteKeys.posts(params.category, pageNumberOf(search))],
  },
  {
    path: "/blog/:category/:slug",
    Page: lazy(() => import("../pages/public/BlogPostPage")),
    data: (params) => [siteKeys.post(params.slug ?? "")],
  },
];

export const NotFoundPage = lazy(() => import("../pages/public/NotFoundPage"));

/** The route a path belongs to, with its parameters; none for an unknown path. */
export function matchPublicRoute(pathname: string) {
  for (const route of publicRoutes) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
