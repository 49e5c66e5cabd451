import { Component, type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { ApiError } from "../../shared/api";
import { buttonClass } from "../components/ui/Button";
import { SplashScreen } from "../components/ui/SplashScreen";
import { useSiteData } from "../lib/site-data";
import { useInitialNotFound } from "./initial-state";
import { NotFoundPage, type PortalRoute, type PublicRoute, portalTitle } from "./routes";
import { usePortalTitle } from "./use-portal-title";

type BoundaryProps = { children: ReactNode; onRetry: () => void };

/** A failed data load shows 'Page Not Found' for a 404, else a message with a retry, inside the layout. */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
    if (!(error instanceof ApiError)) throw error;
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-2xl font-bold">This page could not be loaded</h1>
        <p>{error.message}</p>
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        >
          Try again
        </button>
      </section>
    );
  }
}

/**
 * Marks <html data-screen-ready> once the screen around it has hydrated and can take input
 * (effects in a Suspense boundary run only then). Browser tests wait for it.
 */
function ScreenReady() {
  const { key } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.screenReady = key;
  }, [key]);
  return null;
}

/** One public screen: lazily loaded (the splash shows meanwhile), its load errors handled in place. */
export function RouteScreen({ route }: { route: PublicRoute }) {
  const location = useLocation();
  const siteData = useSiteData();
  const initialNotFound = useInitialNotFound();
  const Page = route.Page;
  return (
    <RouteErrorBoundary key={location.key} onRetry={() => siteData.forgetFailures()}>
      <Suspense fallback={<SplashScreen />}>
        {initialNotFound ? <NotFoundPage /> : <Page />}
        <ScreenReady />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function NotFoundScreen() {
  return (
    <Suspense fallback={<SplashScreen />}>
      <NotFoundPage />
      <ScreenReady />
    </Suspense>
  );
}

/** One portal screen: lazily loaded (the splash shows meanwhile), with its title. */
export function PortalScreen({ route }: { route: PortalRoute }) {
  usePortalTitle(portalTitle(route));
  const Page = route.Page;
  return (
    <Suspense fallback={<SplashScreen />}>
      <Page />
      <ScreenReady />
    </Suspense>
  );
}
