import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { SplashScreen } from "../components/ui/SplashScreen";
import { useToasts } from "../features/toast/toast-store";
import { AppErrorBoundary } from "./AppErrorBoundary";
import { PublicLayout } from "./PublicLayout";
import { RequireAllowed } from "./RequireAllowed";
import { RequireAuth } from "./RequireAuth";
import { NotFoundScreen, PortalScreen, RouteScreen } from "./RouteScreen";
import { type PortalRoute, portalLayouts, portalRoutes, publicRoutes } from "./routes";

const Toaster = lazy(() => import("../features/toast/Toaster"));

/** Loaded the first time a toast is shown. */
function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function LazyLayout({ layout: Layout }: { layout: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<SplashScreen />}>
      <Layout />
    </Suspense>
  );
}

/** A portal screen behind the checks its route asks for (SPEC §2 admin screens, department dashboards). */
function GuardedScreen({ route }: { route: PortalRoute }) {
  const screen = route.allow ? (
    <RequireAllowed allow={route.allow}>
      <PortalScreen route={route} />
    </RequireAllowed>
  ) : (
    <PortalScreen route={route} />
  );
  return route.admin ? <RequireAuth admin>{screen}</RequireAuth> : screen;
}

const portalScreens = (layout: "auth" | "portal") =>
  portalRoutes
    .filter((route) => route.layout === layout)
    .map((route) => <Route key={route.path} path={route.path} element={<GuardedScreen route={route} />} />);

export function App() {
  // The toasts sit outside the error boundary: its fallback screen comes with an error toast.
  return (
    <>
      <AppErrorBoundary>
        <Routes>
          <Route element={<PublicLayout />}>
            {publicRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RouteScreen route={route} />} />
            ))}
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
          {/* Portal screens are rendered in the browser only (see entry-server.tsx). */}
          <Route element={<LazyLayout layout={portalLayouts.auth.Page} />}>{portalScreens("auth")}</Route>
          <Route
            element={
              <RequireAuth>
                <LazyLayout layout={portalLayouts.portal.Page} />
              </RequireAuth>
            }
          >
            {portalScreens("portal")}
          </Route>
        </Routes>
      </AppErrorBoundary>
      <Toasts />
    </>
  );
}
