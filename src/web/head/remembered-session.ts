/** Where the session record lives and how long it holds (lib/session/session-record.ts). */
export type SessionRecordPlace = { storageKey: string; inactivityLimitMs: number };

/** The little of a session record the head's scripts read. */
export type RememberedSession = { user?: { id?: string } };

/**
 * The session record this browser remembers while it is within its inactivity limit, else null: decodeSessionRecord
 * and isSessionExpired for the head's scripts, which run before any module.
 */
export function rememberedSession({ storageKey, inactivityLimitMs }: SessionRecordPlace): RememberedSession | null {
  try {
    const stored = localStorage.getItem(storageKey);
    if (!stored) return null;
    const bytes = Uint8Array.from(atob(stored), (character) => character.charCodeAt(0));
    const record = JSON.parse(new TextDecoder().decode(bytes)) as RememberedSession & { lastActive: number };
    return Date.now() - record.lastActive < inactivityLimitMs ? record : null;
  } catch {
    return null;
  }
}
