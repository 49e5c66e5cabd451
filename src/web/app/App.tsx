import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { useToasts } from "../features/toast/toast-store";
import { AppErrorBoundary } from "./AppErrorBoundary";
import { PublicLayout } from "./PublicLayout";
import { NotFoundScreen, RouteScreen } from "./RouteScreen";
import { publicRoutes } from "./routes";

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
        </Routes>
      </AppErrorBoundary>
      <Toasts />
    </>
  );
}
