import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Viewer } from "../../shared/access";
import { dashboardPathFor } from "../../shared/departments";
import { useAuth } from "../lib/session/AuthProvider";

/**
 * A portal screen for some people only (a department's dashboard): anyone else is sent to their own
 * dashboard. The server refuses their requests anyway; this spares them a screen of errors.
 */
export function RequireAllowed({ allow, children }: { allow: (viewer: Viewer) => boolean; children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (!user) return null;
  if (allow(user)) return children;
  const home = dashboardPathFor(user);
  return <Navigate to={home === pathname ? "/dashboard" : home} replace />;
}
