import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchPath, matchRoutes } from "react-router";
import {
  canFollowAccounts,
  canHandleInquiries,
  canManageSiteContent,
  canReadInquiries,
  canRunProjects,
  canSeeOfficeOverview,
  canSeePeople,
  type Viewer,
} from "../../shared/access";
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

/**
 * A portal screen (sign-in, account, dashboards): rendered in the browser only, lazily loaded. The
 * server answers these paths with the splash screen, its title and a noindex robots tag.
 */
export type PortalRoute = {
  path: string;
  /** The page's title, "Sign in" for "Sign in | Crestbuild". */
  title: string;
  /** auth: the centred card of the sign-in screens; portal: the signed-in area, behind the guard. */
  layout: "auth" | "portal";
  /** SPEC §2: admins only; others are sent to /dashboard. */
  admin?: boolean;
  /** Who may open the screen (src/shared/access.ts); others are sent to their own dashboard. */
  allow?: (viewer: Viewer) => boolean;
  Page: LazyExoticComponent<ComponentType>;
  load: () => Promise<PageModule>;
};

const dashboardPage = lazyPage(() => import("../pages/portal/DashboardPage"));
const inquiriesPage = lazyPage(() => import("../pages/portal/dashboards/InquiriesPage"));

export const portalRoutes: PortalRoute[] = [
  { path: "/login", title: "Sign in", layout: "auth", ...lazyPage(() => import("../pages/auth/LoginPage")) },
  { path: "/register", title: "Create your account", layout: "auth", ...lazyPage(() => import("../pages/auth/RegisterPage")) },
  { path: "/verify-email", title: "Confirm your email", layout: "auth", ...lazyPage(() => import("../pages/auth/VerifyEmailPage")) },
  {
    path: "/forgot-password",
    title: "Reset your password",
    layout: "auth",
    ...lazyPage(() => import("../pages/auth/ForgotPasswordPage")),
  },
  { path: "/dashboard", title: "Dashboard", layout: "portal", ...dashboardPage },
  // The office's department dashboards: each opens for those whose data it shows (the same rules as the API's).
  {
    path: "/dashboard/hr",
    title: "Human resources",
    layout: "portal",
    allow: canSeePeople,
    ...lazyPage(() => import("../pages/portal/dashboards/HrDashboardPage")),
  },
  {
    path: "/dashboard/admin",
    title: "Office overview",
    layout: "portal",
    allow: canSeeOfficeOverview,
    ...lazyPage(() => import("../pages/portal/dashboards/AdminDashboardPage")),
  },
  {
    path: "/dashboard/secretariat",
    title: "Secretariat",
    layout: "portal",
    allow: canHandleInquiries,
    ...lazyPage(() => import("../pages/portal/dashboards/SecretariatDashboardPage")),
  },
  {
    path: "/dashboard/executive-assistant",
    title: "Executive Assistant",
    layout: "portal",
    allow: canHandleInquiries,
    ...lazyPage(() => import("../pages/portal/dashboards/ExecutiveAssistantDashboardPage")),
  },
  {
    path: "/dashboard/digital-marketing",
    title: "Digital marketing",
    layout: "portal",
    allow: canManageSiteContent,
    ...lazyPage(() => import("../pages/portal/dashboards/DigitalMarketingDashboardPage")),
  },
  {
    // Its figures come from the project stats (oversight departments) and the inquiry stats: the inquiry departments have both.
    path: "/dashboard/business-administration",
    title: "Business administration",
    layout: "portal",
    allow: canHandleInquiries,
    ...lazyPage(() => import("../pages/portal/dashboards/BusinessAdministrationDashboardPage")),
  },
  {
    path: "/dashboard/inquiries",
    title: "Contact inquiries",
    layout: "portal",
    allow: canReadInquiries,
    ...inquiriesPage,
  },
  {
    path: "/dashboard/inquiries/:id",
    title: "Contact inquiries",
    layout: "portal",
    allow: canReadInquiries,
    ...inquiriesPage,
  },
  { path: "/dashboard/projects/:id", title: "Project", layout: "portal", ...lazyPage(() => import("../pages/portal/ProjectPage")) },
  {
    path: "/dashboard/projects",
    title: "Projects",
    layout: "portal",
    allow: canRunProjects,
    ...lazyPage(() => import("../pages/portal/ProjectsDashboardPage")),
  },
  {
    path: "/dashboard/accounts",
    title: "Accounts",
    layout: "portal",
    allow: canFollowAccounts,
    ...lazyPage(() => import("../pages/portal/AccountsDashboardPage")),
  },
  // One route for the list and an open conversation, so opening one keeps the screen (and the list) in place.
  {
    path: "/dashboard/messages/:conversationId?",
    title: "Messages",
    layout: "portal",
    ...lazyPage(() => import("../pages/portal/MessagesPage")),
  },
  { path: "/settings", title: "Settings", layout: "portal", ...lazyPage(() => import("../pages/portal/SettingsPage")) },
  { path: "/admin", title: "Administration", layout: "portal", admin: true, ...lazyPage(() => import("../pages/admin/AdminPage")) },
];

/** The layouts around portal screens, lazily loaded like the screens (`Page` is the layout). */
export const portalLayouts = {
  auth: lazyPage(() => import("./AuthLayout")),
  portal: lazyPage(() => import("./PortalLayout")),
};

export const portalTitle = (route: PortalRoute) => `${route.title} | Crestbuild`;

/** The portal route a path belongs to, if any (the most specific one, as the router chooses). */
export function matchPortalRoute(pathname: string): PortalRoute | null {
  return matchRoutes(portalRoutes, pathname)?.[0]?.route ?? null;
}
