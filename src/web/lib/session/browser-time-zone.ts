import type { SessionUser } from "../../../shared/auth";
import { apiRequest } from "../http/client";
import { updateSessionUser } from "./auth-store";

/** The zone this browser keeps ("Europe/London"), or null when it names none. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The people whose zone this page has asked for already: one attempt per person and page, whatever its outcome. */
const asked = new Set<string>();

/**
 * At someone's first sign-in (their account names no zone yet), their browser's zone becomes theirs, so that a client
 * signing in from London reads London times from then on; /settings changes it. A zone the server refuses leaves
 * them in Lagos time, which is what they read until then.
 */
export async function adoptBrowserTimeZone(user: SessionUser): Promise<void> {
  if (user.timeZone !== null || asked.has(user.id)) return;
  asked.add(user.id);
  const timeZone = browserTimeZone();
  if (!timeZone) return;
  try {
    updateSessionUser(await apiRequest<SessionUser>("PUT", "/auth/profile", { timeZone }));
  } catch {
    // Not this time: they keep Lagos time and can choose their zone in /settings.
  }
}
