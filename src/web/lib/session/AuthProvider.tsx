import { QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { CompleteLoginResult, SessionUser } from "../../../shared/auth";
import {
  type AuthStatus,
  checkSession,
  getAuthSnapshot,
  getServerAuthSnapshot,
  noteActivity,
  onSessionStorageChange,
  restoreSession,
  type SessionEnd,
  signIn,
  signOut,
  subscribeAuth,
  updateSessionUser,
} from "./auth-store";
import { adoptBrowserTimeZone } from "./browser-time-zone";
import { portalQueryClient } from "./portal-query-client";
import { useRenderedPortal } from "./rendered-session";

export type AuthState = {
  status: AuthStatus;
  /** The signed-in user; on public pages possibly only remembered from local storage. */
  user: SessionUser | null;
  /** A live session: an access token is in memory. */
  isAuthenticated: boolean;
  /** docs/product.md#records: true only for role admin. */
  isAdmin: boolean;
  /** Whether a session is being looked for or restored: guards wait. */
  isLoading: boolean;
  /** Why the last session in this tab ended. */
  ended: SessionEnd;
  /** Two-step sign-in must be turned on before anything else (the security settings require it for this person). */
  mfaEnrolmentRequired: boolean;
  signIn: (result: CompleteLoginResult) => void;
  signOut: () => Promise<unknown>;
  restoreSession: () => Promise<void>;
  updateUser: (user: SessionUser) => void;
};

const AuthContext = createContext<AuthState | null>(null);

const SESSION_CHECK_INTERVAL_MS = 60_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * The session of docs/product.md#sessions for every screen: state, sign-in and sign-out, inactivity expiry, other
 * tabs; with it the portal's query cache, whose private data is dropped when the person changes.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // A screen rendered for its viewer was rendered, and is hydrated, with its viewer's session and answers.
  const rendered = useRenderedPortal();
  const snapshot = useSyncExternalStore(subscribeAuth, getAuthSnapshot, () => rendered?.snapshot ?? getServerAuthSnapshot());

  useEffect(() => {
    checkSession();
    const interval = setInterval(checkSession, SESSION_CHECK_INTERVAL_MS);
    const onActivity = () => noteActivity();
    const onStorage = (event: StorageEvent) => onSessionStorageChange(event.key);
    const onVisible = () => {
      if (document.visibilityState === "visible") checkSession();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(interval);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  const userId = snapshot.user?.id ?? null;
  const shownUser = useRef(userId);
  useEffect(() => {
    if (shownUser.current === userId) return;
    if (shownUser.current !== null) portalQueryClient.removeQueries({ predicate: (query) => query.meta?.private === true });
    shownUser.current = userId;
  }, [userId]);

  // A first sign-in takes the browser's zone as theirs (browser-time-zone.ts); not while enrolment holds everything up.
  const zoneToAdopt = snapshot.status === "authenticated" && !snapshot.mfaEnrolmentRequired && snapshot.user?.timeZone === null;
  useEffect(() => {
    if (zoneToAdopt && snapshot.user) void adoptBrowserTimeZone(snapshot.user);
  }, [zoneToAdopt, snapshot.user]);

  const value = useMemo<AuthState>(
    () => ({
      status: snapshot.status,
      user: snapshot.user,
      isAuthenticated: snapshot.status === "authenticated",
      isAdmin: snapshot.status === "authenticated" && snapshot.user?.role === "admin",
      isLoading: snapshot.status === "unknown" || snapshot.status === "remembered" || snapshot.status === "restoring",
      ended: snapshot.ended,
      mfaEnrolmentRequired: snapshot.status === "authenticated" && snapshot.mfaEnrolmentRequired,
      signIn,
      signOut,
      restoreSession,
      updateUser: updateSessionUser,
    }),
    [snapshot],
  );
  return (
    <QueryClientProvider client={rendered?.queryClient ?? portalQueryClient}>
      <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  );
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth is used outside <AuthProvider>");
  return auth;
}
