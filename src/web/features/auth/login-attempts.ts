import { LOGIN_RATE_LIMIT } from "../../../shared/auth-messages";

/** docs/product.md#validation: failed sign-ins in this browser, kept in local storage: how many, and when the last was. */
export type LoginAttempts = { count: number; lastAttemptAt: number };

const LOGIN_ATTEMPTS_STORAGE_KEY = "crestbuild.loginAttempts";

const WINDOW_MS = LOGIN_RATE_LIMIT.windowMinutes * 60_000;
const NONE: LoginAttempts = { count: 0, lastAttemptAt: 0 };

/** The attempts that still count: the counter starts again 15 minutes after the last attempt. */
function currentAttempts(attempts: LoginAttempts, now: number): LoginAttempts {
  return now - attempts.lastAttemptAt >= WINDOW_MS ? NONE : attempts;
}

export function afterFailedAttempt(attempts: LoginAttempts, now: number): LoginAttempts {
  return { count: currentAttempts(attempts, now).count + 1, lastAttemptAt: now };
}

/** Whole minutes left before sign-in is allowed again after 5 failures, or null when it is allowed now. */
export function blockedForMinutes(attempts: LoginAttempts, now: number): number | null {
  const counting = currentAttempts(attempts, now);
  if (counting.count < LOGIN_RATE_LIMIT.attempts) return null;
  return Math.max(1, Math.ceil((counting.lastAttemptAt + WINDOW_MS - now) / 60_000));
}

export function readLoginAttempts(): LoginAttempts {
  try {
    const stored = JSON.parse(localStorage.getItem(LOGIN_ATTEMPTS_STORAGE_KEY) ?? "null") as Partial<LoginAttempts> | null;
    if (typeof stored?.count === "number" && typeof stored.lastAttemptAt === "number") {
      return { count: stored.count, lastAttemptAt: stored.lastAttemptAt };
    }
  } catch {
    // Unreadable or unavailable storage counts as no attempts; the server has its own limit.
  }
  return NONE;
}

export function writeLoginAttempts(attempts: LoginAttempts) {
  try {
    if (attempts.count === 0) localStorage.removeItem(LOGIN_ATTEMPTS_STORAGE_KEY);
    else localStorage.setItem(LOGIN_ATTEMPTS_STORAGE_KEY, JSON.stringify(attempts));
  } catch {
    // See readLoginAttempts.
  }
}

/** docs/product.md#validation: a successful sign-in resets the counter. */
export const clearLoginAttempts = () => writeLoginAttempts(NONE);
