import { type ReactNode, useDeferredValue, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { MFA_ENROLMENT_PATH } from "../../shared/auth-messages";
import { wording } from "../../shared/wording";
import { Button } from "../components/ui/Button";
import { useAuth } from "../lib/session/AuthProvider";
import { matchPortalRoute } from "./routes";

/** docs/product.md#guards: a full-screen centred spinner with the text 'Loading...' while the session is looked up. */
function LoadingScreen() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white dark:bg-brand-900">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-neutral-light border-t-accent-700 dark:border-brand-700 dark:border-t-accent-500"
      />
      <p className="font-medium">Loading...</p>
    </div>
  );
}

/**
 * The guard (docs/product.md#guards): restores the session when the page starts; sends visitors who are not signed in to
 * /login (which brings them back here afterwards), people whose two-step sign-in is required but off to its
 * enrolment, and non-admins away from admin screens. When the server cannot be reached, a screen made to be read
 * offline (the route's `readableOffline`) opens for the person this browser remembers.
 */
export function RequireAuth({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { status, ended, isAuthenticated, isAdmin, mfaEnrolmentRequired, restoreSession } = useAuth();
  const location = useLocation();
  // The portal's first render after the session is restored is its largest: done as a deferred render, React works in
  // slices between which the browser stays responsive, while the loading screen stays up.
  const showScreen = useDeferredValue(isAuthenticated);

  useEffect(() => {
    if (status === "unknown" || status === "remembered") void restoreSession();
  }, [status, restoreSession]);

  // A screen made to be read offline shows what the remembered person saved on this device, without the API.
  if (status === "unavailable" && !admin && matchPortalRoute(location.pathname)?.readableOffline) return children;
  if (status === "unavailable") {
    return (
      <div role="alert" className="fixed inset-0 flex flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="max-w-md">{wording.networkFailure}</p>
        <Button onClick={() => void restoreSession()}>Try again</Button>
      </div>
    );
  }
  // Someone who signed out starts again from their dashboard; an expired or ended session comes back here.
  if (status === "anonymous") return <Navigate to="/login" state={ended === "signed-out" ? null : { from: location }} replace />;
  if (!isAuthenticated || !showScreen) return <LoadingScreen />;
  if (mfaEnrolmentRequired && location.pathname !== MFA_ENROLMENT_PATH) return <Navigate to={MFA_ENROLMENT_PATH} replace />;
  if (admin && !isAdmin) return <Navigate to="/dashboard" replace />;
  return children;
}
