import { Suspense } from "react";
import { Route, Routes } from "react-router";
import { SplashScreen } from "../components/ui/SplashScreen";
import type { RenderedSession } from "../lib/session/rendered-session";
import { AppErrorBoundary } from "./AppErrorBoundary";
import { PublicLayout } from "./PublicLayout";
import { preloadable } from "./preloadable";
import { NotFoundScreen, RouteScreen } from "./RouteScreen";
import { portalRoutes, publicRoutes } from "./routes";
import { ToastOutlet } from "./toast-outlet";

// The portal's shell (session, guards, toasts) is a chunk of its own: the public pages never load it.
const shell = () => import("./portal-shell");
const PortalRoot = preloadable(() => shell().then((parts) => parts.PortalRoot));
const AuthArea = preloadable(() => shell().then((parts) => parts.AuthArea));
const SignedInArea = preloadable(() => shell().then((parts) => parts.SignedInArea));
const GuardedScreen = preloadable(() => shell().then((parts) => parts.GuardedScreen));

/** A screen rendered for its viewer, taken over by this tab (portal-shell.tsx), once the shell is loaded. */
export const adoptRenderedPortal = (rendered: RenderedSession) => shell().then((parts) => parts.adoptRenderedPortal(rendered));

/** Loads the portal's shell before its first render (entry-client.tsx), so it renders in one pass. */
export const loadPortalShell = () => Promise.all([PortalRoot, AuthArea, SignedInArea, GuardedScreen].map((part) => part.load()));

const portalScreens = (layout: "auth" | "portal") =>
  portalRoutes
    .filter((route) => route.layout === layout)
    .map((route) => <Route key={route.path} path={route.path} element={<GuardedScreen.Component route={route} />} />);

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
          {/* The signed-in screens are rendered in the browser only, the sign-in ones on the server too (see entry-server.tsx). */}
          <Route
            element={
              <Suspense fallback={<SplashScreen />}>
                <PortalRoot.Component />
              </Suspense>
            }
          >
            <Route element={<AuthArea.Component />}>{portalScreens("auth")}</Route>
            <Route element={<SignedInArea.Component />}>{portalScreens("portal")}</Route>
          </Route>
        </Routes>
      </AppErrorBoundary>
      <ToastOutlet />
    </>
  );
}
