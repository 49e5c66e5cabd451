import type { SessionUser } from "../../../shared/auth";

const MINUTE = 60_000;

/** docs/product.md#sessions: a session is over after 30 minutes without activity. */
export const INACTIVITY_LIMIT_MS = 30 * MINUTE;
/** docs/product.md#sessions: while the user is active, lastActive is written at most every 5 minutes. */
export const LAST_ACTIVE_INTERVAL_MS = 5 * MINUTE;

/**
 * The signed-in user as this browser remembers it between reloads (docs/product.md#records), shared by its tabs.
 * The tokens are not in it: the access token lives in memory, the refresh token in an httpOnly cookie.
 */
export type SessionRecord = { user: SessionUser; sessionStartTime: number; lastActive: number };

export const SESSION_STORAGE_KEY = "crestbuild.session";

/** Tabs take turns to refresh: the server rotates the refresh cookie, and presenting an old one ends the session. */
export const REFRESH_LOCK = "crestbuild-session-refresh";

/** docs/product.md#records 'encoded': base64 of the JSON (UTF-8, so names like "Adéọlá" survive). */
export function encodeSessionRecord(record: SessionRecord): string {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const isUser = (value: unknown): value is SessionUser => {
  const user = value as Partial<SessionUser> | null;
  return (
    typeof user === "object" &&
    user !== null &&
    typeof user.id === "string" &&
    typeof user.email === "string" &&
    typeof user.firstName === "string" &&
    (user.role === "admin" || user.role === "staff" || user.role === "user")
  );
};

/** The record, or null when there is none or it cannot be read (edited by hand, older format). */
export function decodeSessionRecord(stored: string | null): SessionRecord | null {
  if (!stored) return null;
  try {
    const bytes = Uint8Array.from(atob(stored), (character) => character.charCodeAt(0));
    const record = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SessionRecord>;
    if (!isUser(record.user) || typeof record.sessionStartTime !== "number" || typeof record.lastActive !== "number") return null;
    return { user: record.user, sessionStartTime: record.sessionStartTime, lastActive: record.lastActive };
  } catch {
    return null;
  }
}

export const isSessionExpired = (record: SessionRecord, now: number) => now - record.lastActive >= INACTIVITY_LIMIT_MS;

/** Whether activity now should be written down (at most every 5 minutes, so tabs and storage stay quiet). */
export const isLastActiveDue = (record: SessionRecord, now: number) => now - record.lastActive >= LAST_ACTIVE_INTERVAL_MS;

// Storage can be unavailable (private mode, disabled by policy): the session then lasts for this page only.
export function readSessionRecord(): SessionRecord | null {
  try {
    return decodeSessionRecord(localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function writeSessionRecord(record: SessionRecord) {
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, encodeSessionRecord(record));
  } catch {
    // See above.
  }
}

export function clearSessionRecord() {
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // See above.
  }
}
