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
  canUseSiteApp,
  type Viewer,
} from "../../shared/access";
import { SITE_PATH } from "../../shared/site-app";
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
 * The lazily loaded modules of src/web, by their file: every screen under pages/ and the portal's two layouts. Each
 * import is the bundler's (a chunk of its own) and each key gives the module's source file, the build manifest's key
 * under which the server preloads its chunk with the HTML: a screen is named once (docs/adding-a-screen.md).
 */
const lazyModules = import.meta.glob<PageModule>(["../pages/**/*Page.tsx", "./AuthLayout.tsx", "./PortalLayout.tsx"]);

/** The file a lazy module's key names, from the root of the repository ("../pages/x.tsx" → "src/web/pages/x.tsx"). */
export const sourceFileOf = (key: string) => `src/web/${key.startsWith("../") ? key.slice(3) : `app/${key.slice(2)}`}`;

/** The source files of every screen under src/web/pages (the test of the routes checks that each has its route). */
export const SCREEN_FILES = Object.keys(lazyModules)
  .filter((key) => key.startsWith("../pages/"))
  .map(sourceFileOf);

/** A lazily loaded module of src/web by its key in `lazyModules`, with its source file and what it exports. */
function webModule(key: string) {
  const importPage = lazyModules[key];
  // A misspelt or moved screen fails when this file is first imported: in every test and in the build's prerender.
  if (!importPage) throw new Error(`No module ${sourceFileOf(key)}: a screen is a file src/web/pages/<area>/<Name>Page.tsx`);
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
    module: sourceFileOf(key),
    prefetch: (queryClient: QueryClient) => void prefetch?.(queryClient),
    firstData: () => firstData,
  };
}

/** A screen of src/web/pages by its file under it, without the extension ("portal/SettingsPage"). */
const screen = (name: string) => webModule(`../pages/${name}.tsx`);

const publicPage = (name: string) => screen(`public/${name}`);

export const publicRoutes: PublicRoute[] = [
  { path: "/", ...publicPage("HomePage"), data: () => [siteKeys.home] },
  { path: "/about", ...publicPage("AboutPage"), data: () => [siteKeys.about] },
  { path: "/services", ...publicPage("ServicesPage"), data: () => [siteKeys.services] },
  {
    path: "/services/:category",
    ...publicPage("ServicesPage"),
    data: (params) => [siteKeys.services, siteKeys.service(params.category ?? "")],
  },
  {
    path: "/projects",
    ...publicPage("ProjectsPage"),
    data: (_params, search) => [siteKeys.services, siteKeys.portfolio(search.get("category") ?? undefined, pageNumberOf(search))],
  },
  {
    path: "/projects/:slug",
    ...publicPage("ProjectCaseStudyPage"),
    data: (params) => [siteKeys.portfolioProject(params.slug ?? "")],
  },
  { path: "/contact", ...publicPage("ContactPage"), data: () => [] },
  { path: "/privacy", ...publicPage("PrivacyPage"), data: () => [] },
  { path: "/terms", ...publicPage("TermsPage"), data: () => [] },
  {
    path: "/blog",
    ...publicPage("BlogPage"),
    data: (_params, search) => [siteKeys.posts(undefined, pageNumberOf(search))],
  },
  {
    path: "/blog/:category",
    ...publicPage("BlogPage"),
    data: (params, search) => [siteKeys.posts(params.category, pageNumberOf(search))],
  },
  {
    path: "/blog/:category/:slug",
    ...publicPage("BlogPostPage"),
    data: (params) => [siteKeys.post(params.slug ?? "")],
  },
];

const notFound = publicPage("NotFoundPage");
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
  /**
   * The screen opens when the server cannot be reached, for the person this browser remembers, and shows what it
   * saved on the device for them (the site app, docs/decisions/150-site-app-service-worker.md).
   */
  readableOffline?: boolean;
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

const dashboardPage = screen("portal/DashboardPage");
const inquiriesPage = screen("portal/dashboards/InquiriesPage");

export const portalRoutes: PortalRoute[] = [
  {
    path: "/login",
    title: "Sign in",
    layout: "auth",
    serverRendered: true,
    data: [siteKeys.signInProviders],
    ...screen("auth/LoginPage"),
  },
  {
    path: "/register",
    title: "Create your account",
    layout: "auth",
    serverRendered: true,
    data: [siteKeys.signInProviders],
    ...screen("auth/RegisterPage"),
  },
  {
    path: "/verify-email",
    title: "Confirm your email",
    layout: "auth",
    serverRendered: true,
    ...screen("auth/VerifyEmailPage"),
  },
  {
    path: "/forgot-password",
    title: "Reset your password",
    layout: "auth",
    serverRendered: true,
    ...screen("auth/ForgotPasswordPage"),
  },
  { path: "/dashboard", title: "Dashboard", layout: "portal", rendersForViewer: true, ...dashboardPage },
  // The office's department dashboards: each opens for those whose data it shows (the same rules as the API's).
  {
    path: "/dashboard/hr",
    title: "Human resources",
    layout: "portal",
    allow: canSeePeople,
    ...screen("portal/dashboards/HrDashboardPage"),
  },
  {
    path: "/dashboard/admin",
    title: "Office overview",
    layout: "portal",
    allow: canSeeOfficeOverview,
    ...screen("portal/dashboards/AdminDashboardPage"),
  },
  {
    path: "/dashboard/secretariat",
    title: "Secretariat",
    layout: "portal",
    allow: canHandleInquiries,
    ...screen("portal/dashboards/SecretariatDashboardPage"),
  },
  {
    path: "/dashboard/executive-assistant",
    title: "Executive Assistant",
    layout: "portal",
    allow: canHandleInquiries,
    ...screen("portal/dashboards/ExecutiveAssistantDashboardPage"),
  },
  {
    path: "/dashboard/digital-marketing",
    title: "Digital marketing",
    layout: "portal",
    allow: canManageSiteContent,
    ...screen("portal/dashboards/DigitalMarketingDashboardPage"),
  },
  {
    // Its figures come from the project stats (oversight departments) and the inquiry stats: the inquiry departments have both.
    path: "/dashboard/business-administration",
    title: "Business administration",
    layout: "portal",
    allow: canHandleInquiries,
    ...screen("portal/dashboards/BusinessAdministrationDashboardPage"),
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
    path: SITE_PATH,
    title: "Site",
    layout: "portal",
    allow: canUseSiteApp,
    readableOffline: true,
    ...screen("portal/SitePage"),
  },
  {
    path: "/dashboard/projects/:id/capture",
    title: "Capture",
    layout: "portal",
    ...screen("portal/CapturePage"),
  },
  {
    path: "/dashboard/projects/:id",
    title: "Project",
    layout: "portal",
    ...screen("portal/ProjectPage"),
  },
  {
    path: "/dashboard/paying/:id",
    title: "A project you pay for",
    layout: "portal",
    ...screen("portal/PaidProjectPage"),
  },
  {
    path: "/dashboard/invitations/:token",
    title: "Your project invitation",
    layout: "portal",
    ...screen("portal/InvitationPage"),
  },
  {
    path: "/dashboard/projects",
    title: "Projects",
    layout: "portal",
    allow: canRunProjects,
    ...screen("portal/ProjectsDashboardPage"),
  },
  {
    path: "/dashboard/accounts",
    title: "Accounts",
    layout: "portal",
    allow: canFollowAccounts,
    ...screen("portal/AccountsDashboardPage"),
  },
  // One route for the list and an open conversation, so opening one keeps the screen (and the list) in place.
  {
    path: "/dashboard/messages/:conversationId?",
    title: "Messages",
    layout: "portal",
    ...screen("portal/MessagesPage"),
  },
  {
    path: "/security",
    title: "Security",
    layout: "portal",
    ...screen("portal/SecurityPage"),
  },
  {
    path: "/two-step-setup",
    title: "Turn on two-step sign-in",
    layout: "auth",
    ...screen("auth/TwoStepSetupPage"),
  },
  {
    path: "/account-deleted",
    title: "Account deleted",
    layout: "auth",
    ...screen("auth/AccountDeletedPage"),
  },
  {
    path: "/security/not-me",
    title: "This wasn't me",
    layout: "auth",
    ...screen("auth/NotMePage"),
  },
  {
    path: "/settings",
    title: "Settings",
    layout: "portal",
    ...screen("portal/SettingsPage"),
  },
  {
    path: "/admin",
    title: "Administration",
    layout: "portal",
    admin: true,
    ...screen("admin/AdminPage"),
  },
  {
    path: "/analytics",
    title: "Analytics",
    layout: "portal",
    admin: true,
    ...screen("admin/AnalyticsPage"),
  },
  {
    path: "/call",
    title: "Calls",
    layout: "portal",
    allow: canMakeCalls,
    ...screen("portal/CallPage"),
  },
  {
    path: "/dashboard/announcements",
    title: "Announcements",
    layout: "portal",
    allow: canReadAnnouncements,
    ...screen("portal/AnnouncementsPage"),
  },
];

/** The layouts around portal screens, lazily loaded like the screens (`Page` is the layout). */
export const portalLayouts = {
  auth: webModule("./AuthLayout.tsx"),
  portal: webModule("./PortalLayout.tsx"),
};

/** The portal's shell (see App.tsx), preloaded with the first HTML of a portal screen. */
export const PORTAL_SHELL_MODULE = "src/web/app/portal-shell.tsx";

export const portalTitle = (route: PortalRoute) => `${route.title} | Crestbuild`;

/** The portal route a path belongs to, if any (the most specific one, as the router chooses). */
export function matchPortalRoute(pathname: string): PortalRoute | null {
  return matchRoutes(portalRoutes, pathname)?.[0]?.route ?? null;
}
