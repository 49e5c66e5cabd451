import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchPath } from "react-router";
import { pageNumberOf, siteKeys } from "../features/site/queries";
import type { ApiQueryKey } from "../lib/api-query";

type PageModule = { default: ComponentType };

/** A public, server-rendered screen: its lazily loaded page and the API data it shows. */
export type PublicRoute = {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Loads the page's code; the browser calls it before hydrating, so the page hydrates in one pass. */
  load: () => Promise<PageModule>;
  /** Fetched before the server renders the page, so the first HTML holds the data. */
  data: (params: Record<string, string | undefined>, search: URLSearchParams) => ApiQueryKey[];
};

function lazyPage(load: () => Promise<PageModule>) {
  return { load, Page: lazy(load) };
}

export const publicRoutes: PublicRoute[] = [
  { path: "/", ...lazyPage(() => import("../pages/public/HomePage")), data: () => [siteKeys.home] },
  { path: "/about", ...lazyPage(() => import("../pages/public/AboutPage")), data: () => [siteKeys.about] },
  { path: "/services", ...lazyPage(() => import("../pages/public/ServicesPage")), data: () => [siteKeys.services] },
  {
    path: "/services/:category",
    ...lazyPage(() => import("../pages/public/ServicesPage")),
    data: (params) => [siteKeys.services, siteKeys.service(params.category ?? "")],
  },
  {
    path: "/projects",
    ...lazyPage(() => import("../pages/public/ProjectsPage")),
    data: (_params, search) => [siteKeys.services, siteKeys.portfolio(search.get("category") ?? undefined, pageNumberOf(search))],
  },
  { path: "/contact", ...lazyPage(() => import("../pages/public/ContactPage")), data: () => [] },
  {
    path: "/blog",
    ...lazyPage(() => import("../pages/public/BlogPage")),
    data: (_params, search) => [siteKeys.posts(undefined, pageNumberOf(search))],
  },
  {
    path: "/blog/:category",
    ...lazyPage(() => import("../pages/public/BlogPage")),
    data: (params, search) => [siteKeys.posts(params.category, pageNumberOf(search))],
  },
  {
    path: "/blog/:category/:slug",
    ...lazyPage(() => import("../pages/public/BlogPostPage")),
    data: (params) => [siteKeys.post(params.slug ?? "")],
  },
];

const notFound = lazyPage(() => import("../pages/public/NotFoundPage"));
export const NotFoundPage = notFound.Page;
export const loadNotFoundPage = notFound.load;

/** The route a path belongs to, with its parameters; none for an unknown path. */
export function matchPublicRoute(pathname: string) {
  for (const route of publicRoutes) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
