import { eq, lt, or, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { authMessages, LOGIN_RATE_LIMIT } from "../../../shared/auth.js";
import type { AppDb } from "../../db/client.js";
import { signInAttempts } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { verifyPassword } from "./passwords.js";

const WINDOW_SECONDS = LOGIN_RATE_LIMIT.windowMinutes * 60;

/** The keys an attempt counts against: the account and the address it comes from. */
export const attemptKeys = (email: string, ipAddress: string) => [`account:${email.toLowerCase()}`, `address:${ipAddress}`];

/**
 * The sign-in lockout (5 failures in 15 minutes per account and per address), counted before any password is
 * hashed. Taking a slot is one upsert that only increments below the limit, so 30 simultaneous attempts
 * cannot all pass a read-then-write check; a successful attempt gives its slot back.
 */
export function createSignInAttempts(db: AppDb) {
  /** Takes a slot for this key; false when the key has used up its window. */
  async function takeOne(key: string): Promise<boolean> {
    const windowOver = sql`${signInAttempts.windowStartedAt} <= now() - make_interval(secs => ${WINDOW_SECONDS})`;
    const taken = await db
      .insert(signInAttempts)
      .values({ key, attempts: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInAttempts.key,
        set: {
          attempts: sql`case when ${windowOver} then 1 else ${signInAttempts.attempts} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then now() else ${signInAttempts.windowStartedAt} end`,
        },
        setWhere: or(windowOver, lt(signInAttempts.attempts, LOGIN_RATE_LIMIT.attempts)),
      })
      .returning({ attempts: signInAttempts.attempts });
    return taken.length > 0;
  }

  async function giveBack(keys: string[]) {
    for (const key of keys) {
      await db
        .update(signInAttempts)
        .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
        .where(eq(signInAttempts.key, key));
    }
  }

  /** Seconds until the earliest of these keys' windows ends. */
  async function secondsUntilOpen(keys: string[]): Promise<number> {
    const rows = await Promise.all(keys.map((key) => db.select().from(signInAttempts).where(eq(signInAttempts.key, key))));
    const ends = rows.flat().map((row) => row.windowStartedAt.getTime() + WINDOW_SECONDS * 1000);
    return Math.max(1, Math.ceil((Math.max(...ends, Date.now()) - Date.now()) / 1000));
  }

  /** Takes a slot for every key; when one is used up, gives back those taken and answers how long to wait. */
  async function take(keys: string[]): Promise<{ retryAfterSeconds: number } | null> {
    const taken: string[] = [];
    for (const key of keys) {
      if (!(await takeOne(key))) {
        await giveBack(taken);
        return { retryAfterSeconds: await secondsUntilOpen([key]) };
      }
      taken.push(key);
    }
    return null;
  }

  /** Takes the attempt's slots for the account and the address, or records the lockout and answers 429. */
  async function takeOrRefuse(email: string, origin: RequestOrigin): Promise<string[]> {
    const keys = attemptKeys(email, origin.ipAddress);
    const locked = await take(keys);
    if (locked) {
      await recordSecurityEvent(db, { type: "lockout", outcome: "failure", email }, origin);
      throw new ApiError(429, authMessages.tooManyLoginAttemptsServer, "too_many_attempts", {}, locked.retryAfterSeconds);
    }
    return keys;
  }

  return {
    takeOrRefuse,
    /** A successful attempt is not a failure: its slots are free again. */
    giveBack,
    /**
     * Whether a signed-in user's password is right, counted like a sign-in (change-password, two-step settings):
     * a stolen session cannot guess the password faster than the sign-in form could.
     */
    async passwordMatches(user: { email: string; passwordHash: string }, password: string, origin: RequestOrigin): Promise<boolean> {
      const keys = await takeOrRefuse(user.email, origin);
      const matches = await verifyPassword(user.passwordHash, password);
      if (matches) await giveBack(keys);
      return matches;
    },
  };
}

export type SignInAttempts = ReturnType<typeof createSignInAttempts>;
