import { hydrate, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { SplashScreen } from "../components/ui/SplashScreen";
import { AuthProvider, useAuth } from "../lib/session/AuthProvider";
import { adoptRenderedSession } from "../lib/session/auth-store";
import { portalQueryClient } from "../lib/session/portal-query-client";
import type { RenderedPortal, RenderedSession } from "../lib/session/rendered-session";
import { RequireAllowed } from "./RequireAllowed";
import { RequireAuth } from "./RequireAuth";
import { PortalScreen } from "./RouteScreen";
import { matchPortalRoute, type PortalRoute, portalLayouts } from "./routes";
import { loadToasts } from "./toast-outlet";

/**
 * What only the portal needs, loaded with its first screen: the public pages' JavaScript carries
 * neither the session nor the toasts (see docs/decisions/032-public-bundle-without-the-portal.md).
 */
export function PortalRoot() {
  useEffect(() => {
    void loadToasts();
  }, []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/**
 * A screen the server rendered for its viewer, taken over by this tab: its session (when this browser remembers the
 * same person within their 30 minutes) and its answers in the portal's query cache. Null when the session is not
 * this browser's: the page is then drawn anew, as for any remembered session.
 */
export function adoptRenderedPortal(rendered: RenderedSession): RenderedPortal | null {
  const snapshot = adoptRenderedSession(rendered.user, rendered.accessToken);
  if (!snapshot) return null;
  hydrate(portalQueryClient, rendered.queries);
  return { snapshot, queryClient: portalQueryClient, renderedAt: rendered.renderedAt };
}

function LazyLayout({ layout: Layout }: { layout: ComponentType }) {
  return (
    <Suspense fallback={<SplashScreen />}>
      <Layout />
    </Suspense>
  );
}

/** The sign-in, sign-up and recovery screens' area. */
export function AuthArea() {
  return <LazyLayout layout={portalLayouts.auth.Page} />;
}

/** The first screen's data, asked for once the session is restored: its requests run while the screen is drawn. */
function FirstScreenData() {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const asked = useRef(false);
  useEffect(() => {
    if (!isAuthenticated || asked.current) return;
    asked.current = true;
    matchPortalRoute(pathname)?.prefetch(queryClient);
  }, [isAuthenticated, pathname, queryClient]);
  return null;
}

/** The signed-in area: the guard, then the portal's layout. */
export function SignedInArea() {
  return (
    <>
      <FirstScreenData />
      <RequireAuth>
        <LazyLayout layout={portalLayouts.portal.Page} />
      </RequireAuth>
    </>
  );
}

/** A portal screen behind the checks its route asks for (docs/product.md#screens-and-routes admin screens, department dashboards). */
export function GuardedScreen({ route }: { route: PortalRoute }) {
  const screen = route.allow ? (
    <RequireAllowed allow={route.allow}>
      <PortalScreen route={route} />
    </RequireAllowed>
  ) : (
    <PortalScreen route={route} />
  );
  return route.admin ? <RequireAuth admin>{screen}</RequireAuth> : screen;
}
