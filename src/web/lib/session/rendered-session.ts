import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { SessionUser } from "../../../shared/auth";
import type { AuthSnapshot } from "./auth-store";

/**
 * What the HTML of a screen rendered for its viewer hands the browser (docs/decisions/111-dashboard-rendered-for-its-viewer.md):
 * who it was rendered for, the access token it was rendered with (the one the session's cookies hold), the answers
 * it shows, as the query cache kept them, and when.
 */
export type RenderedSession = { user: SessionUser; accessToken: string; queries: DehydratedState; renderedAt: number };

/**
 * The portal as the server rendered it: the session it showed and the query cache it read. The browser hydrates with
 * the same (the session adopted by the auth store, the answers in the portal's query cache).
 */
export type RenderedPortal = {
  snapshot: AuthSnapshot;
  queryClient: QueryClient;
  /** When the server rendered it (epoch ms): relative times are hydrated from it (lib/use-now.ts). */
  renderedAt: number;
};

export const RenderedPortalContext = createContext<RenderedPortal | null>(null);

/** The portal the page was rendered with, if the server rendered it for its viewer. */
export const useRenderedPortal = () => useContext(RenderedPortalContext);

/** The session a screen is rendered with on the server: signed in, nothing pending. */
export const renderedSnapshot = (user: SessionUser): AuthSnapshot => ({
  status: "authenticated",
  user,
  ended: null,
  mfaEnrolmentRequired: false,
});

/**
 * Set on <html> by the page's head script when this browser's own session is not the one the page was rendered for
 * (none, another person's, or past its 30 minutes): the page stays hidden until its scripts take it over.
 */
export const SESSION_MISMATCH_CLASS = "session-mismatch";
