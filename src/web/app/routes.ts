import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { matchPath, matchRoutes } from "react-router";
import {
  canFollowAccounts,
  canHandleInquiries,
  canMakeCalls,
  canManageSiteContent,
  canReadAnnouncements,
  canReadInquiries,
  canRunProjects,
  canSeeOfficeOverview,
  canSeePeople,
  type Viewer,
} from "../../shared/access";
import { pageNumberOf, siteKeys } from "../features/site/queries";
import type { FirstData } from "../lib/first-data";
import type { ApiQueryKey } from "../lib/query/api-query";
import { preloadable } from "./preloadable";

type PageModule = { default: ComponentType; prefetch?: (queryClient: QueryClient) => unknown; firstData?: FirstData[] };

/** A page component that loads its code on first render; once loaded (see `load`), it renders at once. */
type LoadablePage = ComponentType;

/** A public, server-rendered screen: its lazily loaded page and the API data it shows. */
export type PublicRoute = {
  path: string;
  Page: LoadablePage;
  /** Loads the page's code; the browser calls it before hydrating, so the page hydrates in one pass. */
  load: () => Promise<unknown>;
  /** The page's source file, as the build manifest names it: the server preloads its chunk with the HTML. */
  module: string;
  /** Fetched before the server renders the page, so the first HTML holds the data. */
  data: (params: Record<string, string | undefined>, search: URLSearchParams) => ApiQueryKey[];
};

function lazyPage(importPage: () => Promise<PageModule>) {
  const page = preloadable(() => importPage().then((module) => module.default));
  return { load: page.load, Page: page.Component };
}

/**
 * A lazily loaded module of src/web with its source file (the build manifest's key, so that the server can preload
 * its chunk with the HTML) and its import (a literal, for the bundler).
 */
function webModule(file: string, importPage: () => Promise<PageModule>) {
  let prefetch: PageModule["prefetch"];
  let firstData: FirstData[] = [];
  const page = lazyPage(() =>
    importPage().then((module) => {
      prefetch = module.prefetch;
      firstData = module.firstData ?? [];
      return module;
    }),
  );
  return {
    ...page,
    module: `src/web/${file}.tsx`,
    prefetch: (queryClient: QueryClient) => void prefetch?.(queryClient),
    firstData: () => firstData,
  };
}

const publicPage = (name: string, importPage: () => Promise<PageModule>) => webModule(`pages/public/${name}`, importPage);

export const publicRoutes: PublicRoute[] = [
  { path: "/", ...publicPage("HomePage", () => import("../pages/public/HomePage")), data: () => [siteKeys.home] },
  { path: "/about", ...publicPage("AboutPage", () => import("../pages/public/AboutPage")), data: () => [siteKeys.about] },
  { path: "/services", ...publicPage("ServicesPage", () => import("../pages/public/ServicesPage")), data: () => [siteKeys.services] },
  {
    path: "/services/:category",
    ...publicPage("ServicesPage", () => import("../pages/public/ServicesPage")),
    data: (params) => [siteKeys.services, siteKeys.service(params.category ?? "")],
  },
  {
    path: "/projects",
    ...publicPage("ProjectsPage", () => import("../pages/public/ProjectsPage")),
    data: (_params, search) => [siteKeys.services, siteKeys.portfolio(search.get("category") ?? undefined, pageNumberOf(search))],
  },
  {
    path: "/projects/:slug",
    ...publicPage("ProjectCaseStudyPage", () => import("../pages/public/ProjectCaseStudyPage")),
    data: (params) => [siteKeys.portfolioProject(params.slug ?? "")],
  },
  { path: "/contact", ...publicPage("ContactPage", () => import("../pages/public/ContactPage")), data: () => [] },
  { path: "/privacy", ...publicPage("PrivacyPage", () => import("../pages/public/PrivacyPage")), data: () => [] },
  { path: "/terms", ...publicPage("TermsPage", () => import("../pages/public/TermsPage")), data: () => [] },
  {
    path: "/blog",
    ...publicPage("BlogPage", () => import("../pages/public/BlogPage")),
    data: (_params, search) => [siteKeys.posts(undefined, pageNumberOf(search))],
  },
  {
    path: "/blog/:category",
    ...publicPage("BlogPage", () => import("../pages/public/BlogPage")),
    data: (params, search) => [siteKeys.posts(params.category, pageNumberOf(search))],
  },
  {
    path: "/blog/:category/:slug",
    ...publicPage("BlogPostPage", () => import("../pages/public/BlogPostPage")),
    data: (params) => [siteKeys.post(params.slug ?? "")],
  },
];

const notFound = publicPage("NotFoundPage", () => import("../pages/public/NotFoundPage"));
export const NotFoundPage = notFound.Page;
export const NOT_FOUND_PAGE_MODULE = notFound.module;
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
 * A portal screen (sign-in, account, dashboards), lazily loaded. The server answers these paths with a noindex
 * robots tag, the screen's title and either the screen itself (`serverRendered`) or the splash screen.
 */
export type PortalRoute = {
  path: string;
  /** The page's title, "Sign in" for "Sign in | Crestbuild". */
  title: string;
  /** auth: the centred card of the sign-in screens; portal: the signed-in area, behind the guard. */
  layout: "auth" | "portal";
  /** docs/product.md#guards: admins only; others are sent to /dashboard. */
  admin?: boolean;
  /**
   * A screen that needs no session (signing in, creating an account, recovering it): the server renders it whole and
   * the browser hydrates it, rather than replacing a splash screen.
   */
  serverRendered?: boolean;
  /** The public data a server-rendered screen shows, loaded before the server renders it (beside the company's). */
  data?: ApiQueryKey[];
  /**
   * A signed-in screen the server renders for its viewer, with what it shows first (`firstData`), when their screen
   * cookie comes with the request; the browser hydrates it (docs/decisions/111-dashboard-rendered-for-its-viewer.md).
   * Its path must lie under the cookie's (VIEWER_SCREENS_PATH); other browsers get the splash as before.
   */
  rendersForViewer?: boolean;
  /** Who may open the screen (src/shared/access.ts); others are sent to their own dashboard. */
  allow?: (viewer: Viewer) => boolean;
  Page: LoadablePage;
  load: () => Promise<unknown>;
  /** The screen's source file, as the build manifest names it. */
  module: string;
  /**
   * Asks for what the screen shows first, once its code is loaded (the page module's `prefetch` export): the
   * signed-in area calls it as soon as the session is restored, so the requests leave before the screen is drawn.
   */
  prefetch: (queryClient: QueryClient) => void;
  /**
   * What a signed-in screen shows first (the page module's `firstData` export), once its code is loaded: its HTML
   * asks for it as soon as the session is renewed, before the scripts have arrived, or the server renders the screen
   * with it (`rendersForViewer`).
   */
  firstData: () => FirstData[];
};

const dashboardPage = webModule("pages/portal/DashboardPage", () => import("../pages/portal/DashboardPage"));
const inquiriesPage = webModule("pages/portal/dashboards/InquiriesPage", () => import("../pages/portal/dashboards/InquiriesPage"));

export const portalRoutes: PortalRoute[] = [
  {
    path: "/login",
    title: "Sign in",
    layout: "auth",
    serverRendered: true,
    data: [siteKeys.signInProviders],
    ...webModule("pages/auth/LoginPage", () => import("../pages/auth/LoginPage")),
  },
  {
    path: "/register",
    title: "Create your account",
    layout: "auth",
    serverRendered: true,
    data: [siteKeys.signInProviders],
    ...webModule("pages/auth/RegisterPage", () => import("../pages/auth/RegisterPage")),
  },
  {
    path: "/verify-email",
    title: "Confirm your email",
    layout: "auth",
    serverRendered: true,
    ...webModule("pages/auth/VerifyEmailPage", () => import("../pages/auth/VerifyEmailPage")),
  },
  {
    path: "/forgot-password",
    title: "Reset your password",
    layout: "auth",
    serverRendered: true,
    ...webModule("pages/auth/ForgotPasswordPage", () => import("../pages/auth/ForgotPasswordPage")),
  },
  { path: "/dashboard", title: "Dashboard", layout: "portal", rendersForViewer: true, ...dashboardPage },
  // The office's department dashboards: each opens for those whose data it shows (the same rules as the API's).
  {
    path: "/dashboard/hr",
    title: "Human resources",
    layout: "portal",
    allow: canSeePeople,
    ...webModule("pages/portal/dashboards/HrDashboardPage", () => import("../pages/portal/dashboards/HrDashboardPage")),
  },
  {
    path: "/dashboard/admin",
    title: "Office overview",
    layout: "portal",
    allow: canSeeOfficeOverview,
    ...webModule("pages/portal/dashboards/AdminDashboardPage", () => import("../pages/portal/dashboards/AdminDashboardPage")),
  },
  {
    path: "/dashboard/secretariat",
    title: "Secretariat",
    layout: "portal",
    allow: canHandleInquiries,
    ...webModule("pages/portal/dashboards/SecretariatDashboardPage", () => import("../pages/portal/dashboards/SecretariatDashboardPage")),
  },
  {
    path: "/dashboard/executive-assistant",
    title: "Executive Assistant",
    layout: "portal",
    allow: canHandleInquiries,
    ...webModule(
      "pages/portal/dashboards/ExecutiveAssistantDashboardPage",
      () => import("../pages/portal/dashboards/ExecutiveAssistantDashboardPage"),
    ),
  },
  {
    path: "/dashboard/digital-marketing",
    title: "Digital marketing",
    layout: "portal",
    allow: canManageSiteContent,
    ...webModule(
      "pages/portal/dashboards/DigitalMarketingDashboardPage",
      () => import("../pages/portal/dashboards/DigitalMarketingDashboardPage"),
    ),
  },
  {
    // Its figures come from the project stats (oversight departments) and the inquiry stats: the inquiry departments have both.
    path: "/dashboard/business-administration",
    title: "Business administration",
    layout: "portal",
    allow: canHandleInquiries,
    ...webModule(
      "pages/portal/dashboards/BusinessAdministrationDashboardPage",
      () => import("../pages/portal/dashboards/BusinessAdministrationDashboardPage"),
    ),
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
  {
    path: "/dashboard/projects/:id",
    title: "Project",
    layout: "portal",
    ...webModule("pages/portal/ProjectPage", () => import("../pages/portal/ProjectPage")),
  },
  {
    path: "/dashboard/invitations/:token",
    title: "Your project invitation",
    layout: "portal",
    ...webModule("pages/portal/InvitationPage", () => import("../pages/portal/InvitationPage")),
  },
  {
    path: "/dashboard/projects",
    title: "Projects",
    layout: "portal",
    allow: canRunProjects,
    ...webModule("pages/portal/ProjectsDashboardPage", () => import("../pages/portal/ProjectsDashboardPage")),
  },
  {
    path: "/dashboard/accounts",
    title: "Accounts",
    layout: "portal",
    allow: canFollowAccounts,
    ...webModule("pages/portal/AccountsDashboardPage", () => import("../pages/portal/AccountsDashboardPage")),
  },
  // One route for the list and an open conversation, so opening one keeps the screen (and the list) in place.
  {
    path: "/dashboard/messages/:conversationId?",
    title: "Messages",
    layout: "portal",
    ...webModule("pages/portal/MessagesPage", () => import("../pages/portal/MessagesPage")),
  },
  {
    path: "/security",
    title: "Security",
    layout: "portal",
    ...webModule("pages/portal/SecurityPage", () => import("../pages/portal/SecurityPage")),
  },
  {
    path: "/two-step-setup",
    title: "Turn on two-step sign-in",
    layout: "auth",
    ...webModule("pages/auth/TwoStepSetupPage", () => import("../pages/auth/TwoStepSetupPage")),
  },
  {
    path: "/account-deleted",
    title: "Account deleted",
    layout: "auth",
    ...webModule("pages/auth/AccountDeletedPage", () => import("../pages/auth/AccountDeletedPage")),
  },
  {
    path: "/security/not-me",
    title: "This wasn't me",
    layout: "auth",
    ...webModule("pages/auth/NotMePage", () => import("../pages/auth/NotMePage")),
  },
  {
    path: "/settings",
    title: "Settings",
    layout: "portal",
    ...webModule("pages/portal/SettingsPage", () => import("../pages/portal/SettingsPage")),
  },
  {
    path: "/admin",
    title: "Administration",
    layout: "portal",
    admin: true,
    ...webModule("pages/admin/AdminPage", () => import("../pages/admin/AdminPage")),
  },
  {
    path: "/analytics",
    title: "Analytics",
    layout: "portal",
    admin: true,
    ...webModule("pages/admin/AnalyticsPage", () => import("../pages/admin/AnalyticsPage")),
  },
  {
    path: "/call",
    title: "Calls",
    layout: "portal",
    allow: canMakeCalls,
    ...webModule("pages/portal/CallPage", () => import("../pages/portal/CallPage")),
  },
  {
    path: "/dashboard/announcements",
    title: "Announcements",
    layout: "portal",
    allow: canReadAnnouncements,
    ...webModule("pages/portal/AnnouncementsPage", () => import("../pages/portal/AnnouncementsPage")),
  },
];

/** The layouts around portal screens, lazily loaded like the screens (`Page` is the layout). */
export const portalLayouts = {
  auth: webModule("app/AuthLayout", () => import("./AuthLayout")),
  portal: webModule("app/PortalLayout", () => import("./PortalLayout")),
};

/** The portal's shell (see App.tsx), preloaded with the first HTML of a portal screen. */
export const PORTAL_SHELL_MODULE = "src/web/app/portal-shell.tsx";

export const portalTitle = (route: PortalRoute) => `${route.title} | Crestbuild`;

/** The portal route a path belongs to, if any (the most specific one, as the router chooses). */
export function matchPortalRoute(pathname: string): PortalRoute | null {
  return matchRoutes(portalRoutes, pathname)?.[0]?.route ?? null;
}
