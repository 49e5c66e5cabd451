import { ApiError } from "../../../shared/api";
import type { CompleteLoginResult, SessionUser } from "../../../shared/auth";
import { apiRequest, connectSession, type RefreshOutcome, readStartedRequest } from "../http/client";
import { forgetEarlyRequests, takeEarlyRefresh } from "../http/early-requests";
import { backoffDelayMs, isRetryableStatus } from "../http/retry";
import { eraseDeviceData } from "../offline/device-data";
import { renewDelayMs } from "./access-token";
import {
  clearSessionRecord,
  isLastActiveDue,
  isSessionExpired,
  REFRESH_LOCK,
  readSessionRecord,
  SESSION_STORAGE_KEY,
  writeSessionRecord,
} from "./session-record";

/**
 * - unknown: not looked yet (the server render and hydration)
 * - remembered: local storage says someone is signed in; not confirmed with the server yet
 *   (public pages leave it at that; portal pages restore the session)
 * - restoring: asking the server for a new access token
 * - authenticated: an access token is in memory
 * - unavailable: the server could not be reached to restore the session
 * - anonymous: nobody is signed in
 */
export type AuthStatus = "unknown" | "remembered" | "restoring" | "authenticated" | "unavailable" | "anonymous";

/** Why the last session in this tab ended, so the sign-in screen can say so. */
export type SessionEnd = "signed-out" | "expired" | "deactivated" | null;

/**
 * mfaEnrolmentRequired: the security settings require this person to turn two-step sign-in on before anything else
 * (said at sign-in, at each refresh, and by any API call's 403 MFA_ENROLMENT_REQUIRED); the guard keeps them on its screen.
 */
export type AuthSnapshot = { status: AuthStatus; user: SessionUser | null; ended: SessionEnd; mfaEnrolmentRequired: boolean };

type RefreshResult = { accessToken: string; user: SessionUser; mfaEnrolmentRequired: boolean };

/** docs/product.md#sessions: a failed token refresh is tried again after 200 ms, 400 ms, 800 ms. */
const REFRESH_RETRIES = 3;
const REFRESH_BASE_DELAY_MS = 200;

/** What the server renders with, and the browser hydrates with, unless a screen was rendered for its viewer (rendered-session.ts). */
const SERVER_SNAPSHOT: AuthSnapshot = { status: "unknown", user: null, ended: null, mfaEnrolmentRequired: false };

let snapshot: AuthSnapshot | null = null;
/** The access token: in memory only, never in storage (docs/decisions/015-browser-session-token-in-memory-refresh-cookie.md). */
let accessToken: string | null = null;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<RefreshOutcome> | null = null;
const listeners = new Set<() => void>();

function initialSnapshot(): AuthSnapshot {
  const record = readSessionRecord();
  if (!record) return { status: "anonymous", user: null, ended: null, mfaEnrolmentRequired: false };
  // An expired record is cleared, and the server told, by the provider's first checkSession.
  if (isSessionExpired(record, Date.now())) return { status: "anonymous", user: null, ended: "expired", mfaEnrolmentRequired: false };
  return { status: "remembered", user: record.user, ended: null, mfaEnrolmentRequired: false };
}

export function getAuthSnapshot(): AuthSnapshot {
  snapshot ??= initialSnapshot();
  return snapshot;
}

export const getServerAuthSnapshot = () => SERVER_SNAPSHOT;

/** The access token in memory, for the realtime connection (which authenticates in its first frame). */
export const getAccessToken = () => accessToken;

export function subscribeAuth(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function publish(next: AuthSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds the session in memory and in local storage. `active` says the user is at work right now. */
function holdSession(user: SessionUser, token: string, options: { fresh: boolean; active: boolean; mfaEnrolmentRequired: boolean }) {
  accessToken = token;
  const now = Date.now();
  const previous = options.fresh ? null : readSessionRecord();
  const same = previous?.user.id === user.id ? previous : null;
  writeSessionRecord({
    user,
    sessionStartTime: same?.sessionStartTime ?? now,
    lastActive: options.active || !same ? now : same.lastActive,
  });
  scheduleRenewal(token);
  publish({ status: "authenticated", user, ended: null, mfaEnrolmentRequired: options.mfaEnrolmentRequired });
}

/** Forgets the session in this tab and, through local storage, in every other tab (docs/product.md#sessions). */
function endSession(reason: Exclude<SessionEnd, null>, options: { tellServer: boolean }) {
  accessToken = null;
  clearTimeout(renewalTimer);
  clearSessionRecord();
  forgetEarlyRequests();
  // What the person's screens kept for reading offline lasts no longer than their session here.
  void eraseDeviceData();
  publish({ status: "anonymous", user: null, ended: reason, mfaEnrolmentRequired: false });
  // The server ends the session behind the refresh cookie; the cookie itself is httpOnly.
  if (options.tellServer) return apiRequest<null>("POST", "/auth/logout", {}).catch(() => null);
  return Promise.resolve(null);
}

/** Renews the access token shortly before it expires, while the session is alive (a long form must not lose its session). */
function scheduleRenewal(token: string) {
  clearTimeout(renewalTimer);
  renewalTimer = setTimeout(
    () => {
      const record = readSessionRecord();
      if (!record || isSessionExpired(record, Date.now())) return;
      void refreshSession().then((outcome) => {
        if (outcome === "expired") void endSession("expired", { tellServer: false });
      });
    },
    renewDelayMs(token, Date.now()),
  );
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

async function renewTokens(): Promise<RefreshOutcome> {
  // Taken whatever happens next: an answer for this page's first refresh only, never for a later session.
  const startedByPage = takeEarlyRefresh();
  const record = readSessionRecord();
  if (!record || isSessionExpired(record, Date.now())) return "expired";
  for (let retry = 0; ; retry++) {
    try {
      const result =
        retry === 0 && startedByPage
          ? await readStartedRequest<RefreshResult>(startedByPage, "/auth/refresh")
          : await apiRequest<RefreshResult>("POST", "/auth/refresh", {});
      // Signed out in another tab while the request was on its way: stay signed out.
      if (!readSessionRecord()) return "expired";
      holdSession(result.user, result.accessToken, { fresh: false, active: false, mfaEnrolmentRequired: result.mfaEnrolmentRequired });
      return "refreshed";
    } catch (error) {
      // Blocked or deleted by an admin (a request of this tab or the refresh found out): /login says so.
      if (error instanceof ApiError && error.code === "account_deactivated") {
        void endDeactivatedSession();
        return "expired";
      }
      const transient = !(error instanceof ApiError) || error.status === 0 || isRetryableStatus(error.status);
      if (!transient) return "expired";
      if (retry >= REFRESH_RETRIES) return "unavailable";
      await sleep(backoffDelayMs(retry, REFRESH_BASE_DELAY_MS));
    }
  }
}

/** A new access token from the refresh cookie; concurrent callers share one request. */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= withRefreshLock(renewTokens).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Portal pages call this on start: turns a remembered session into a live one (the refresh cookie survives reloads). */
export async function restoreSession(): Promise<void> {
  const current = getAuthSnapshot();
  if (current.status === "authenticated" || current.status === "restoring") return;
  const record = readSessionRecord();
  if (!record) {
    if (current.status !== "anonymous") publish({ status: "anonymous", user: null, ended: current.ended, mfaEnrolmentRequired: false });
    return;
  }
  if (isSessionExpired(record, Date.now())) {
    await endSession("expired", { tellServer: true });
    return;
  }
  publish({ status: "restoring", user: record.user, ended: null, mfaEnrolmentRequired: false });
  const outcome = await refreshSession();
  if (outcome === "refreshed") noteActivity(true);
  else if (outcome === "expired") await endSession("expired", { tellServer: false });
  else publish({ status: "unavailable", user: record.user, ended: null, mfaEnrolmentRequired: false });
}

/**
 * The session a screen was rendered with on the server (docs/decisions/111-dashboard-rendered-for-its-viewer.md), taken
 * as this tab's when this browser remembers the same person within their 30 minutes: the access token the page came
 * with is held as a refresh's would be, so the page needs no refresh to start. Answers the snapshot to hydrate with,
 * or null (another person's, none, or expired here): the page is then drawn as for any remembered session.
 */
export function adoptRenderedSession(user: SessionUser, token: string): AuthSnapshot | null {
  const record = readSessionRecord();
  if (!record || record.user.id !== user.id || isSessionExpired(record, Date.now())) return null;
  holdSession(user, token, { fresh: false, active: true, mfaEnrolmentRequired: false });
  return getAuthSnapshot();
}

/** After the two sign-in steps of docs/product.md#sign-in. */
export function signIn(result: CompleteLoginResult) {
  // A refresh (and data) the page started for an earlier session answers for that one: not for this.
  forgetEarlyRequests();
  // Someone whose session here ended unseen (it expired while the screen was closed) left their saved data: not for this person.
  void eraseDeviceData(result.user.id);
  holdSession(result.user, result.accessToken, { fresh: true, active: true, mfaEnrolmentRequired: result.mfaEnrolmentRequired ?? false });
}

/** The account changed (profile, photo, two-step sign-in): every screen and tab shows the new details. */
export function updateSessionUser(user: SessionUser) {
  const record = readSessionRecord();
  if (!record || record.user.id !== user.id || getAuthSnapshot().status !== "authenticated") return;
  writeSessionRecord({ ...record, user });
  const current = getAuthSnapshot();
  const enrolled = current.mfaEnrolmentRequired && user.mfaEnabled;
  // What the HTML asked for while enrolment was due was refused (403): the screens opened now ask again.
  if (enrolled) forgetEarlyRequests();
  // Turning two-step sign-in on is what the requirement asks for: the portal opens again.
  publish({ ...current, user, mfaEnrolmentRequired: current.mfaEnrolmentRequired && !enrolled });
}

/** An admin blocked or deleted the account (the realtime connection says so): the session ends here and /login says why. */
export function endDeactivatedSession(): Promise<unknown> {
  return endSession("deactivated", { tellServer: false });
}

export function signOut(): Promise<unknown> {
  return endSession("signed-out", { tellServer: true });
}

/** docs/product.md#sessions: lastActive is written at most every 5 minutes while the user is active. */
export function noteActivity(force = false) {
  if (!getAuthSnapshot().user) return;
  const record = readSessionRecord();
  const now = Date.now();
  if (!record || isSessionExpired(record, now)) return;
  if (force || isLastActiveDue(record, now)) writeSessionRecord({ ...record, lastActive: now });
}

/** docs/product.md#sessions: 30 minutes without activity ends the session; so does a sign-out in another tab. */
export function checkSession() {
  const record = readSessionRecord();
  if (record && isSessionExpired(record, Date.now())) void endSession("expired", { tellServer: true });
  else if (!record && getAuthSnapshot().user) void endSession("signed-out", { tellServer: false });
}

/** Another tab signed in, out, or as someone else. */
export function onSessionStorageChange(key: string | null) {
  // A null key means the storage was cleared.
  if (key !== null && key !== SESSION_STORAGE_KEY) return;
  const record = readSessionRecord();
  const current = getAuthSnapshot();
  if (!record) {
    if (current.user) {
      accessToken = null;
      clearTimeout(renewalTimer);
      publish({ status: "anonymous", user: null, ended: "signed-out", mfaEnrolmentRequired: false });
    }
    return;
  }
  if (current.user?.id !== record.user.id && !isSessionExpired(record, Date.now())) {
    // Someone signed in elsewhere: portal screens here restore that session.
    accessToken = null;
    clearTimeout(renewalTimer);
    publish({ status: "remembered", user: record.user, ended: null, mfaEnrolmentRequired: false });
  } else if (current.user?.id === record.user.id && JSON.stringify(current.user) !== JSON.stringify(record.user)) {
    // The same person changed their details in another tab.
    publish({ ...current, user: record.user });
  }
}

/** An API call or the realtime connection answered MFA_ENROLMENT_REQUIRED: the guard takes the tab to the enrolment. */
export function noteMfaEnrolmentRequired() {
  const current = getAuthSnapshot();
  if (current.status === "authenticated" && !current.mfaEnrolmentRequired) publish({ ...current, mfaEnrolmentRequired: true });
}

connectSession({
  accessToken: () => accessToken,
  refresh: refreshSession,
  mfaEnrolmentRequired: noteMfaEnrolmentRequired,
  expire: () => {
    if (getAuthSnapshot().user) void endSession("expired", { tellServer: false });
  },
});
