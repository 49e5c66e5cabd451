import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { SIGN_IN_LIMITS, tooManyLoginAttempts } from "../../../shared/auth.js";
import type { AppDb } from "../../db/client.js";
import { signInAttempts } from "../../db/schema.js";
import { addressKey } from "../../platform/client-address.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { verifyPassword } from "./passwords.js";

const WINDOW_SECONDS = SIGN_IN_LIMITS.windowMinutes * 60;

/** One count an attempt takes a slot in, what it is about (the lockout event's reason), and its limit. */
type Counter = { key: string; about: "account_and_address" | "account" | "address"; limit: number };

/**
 * The counters an attempt counts against (docs/decisions/114-sign-in-limits-per-account-and-address.md): the address
 * across accounts, the account from anywhere, and the account from this address; an IPv6 address by its /64. The
 * address first: once it is locked, a flood of made-up accounts from it creates no counter of theirs.
 */
export function attemptCounters(email: string, ipAddress: string): Counter[] {
  const account = email.toLowerCase();
  const address = addressKey(ipAddress);
  return [
    { key: `address:${address}`, about: "address", limit: SIGN_IN_LIMITS.perAddress },
    { key: `account:${account}`, about: "account", limit: SIGN_IN_LIMITS.perAccount },
    { key: `pair:${account}|${address}`, about: "account_and_address", limit: SIGN_IN_LIMITS.perAccountAndAddress },
  ];
}

/**
 * The sign-in limits, counted before any password is hashed. Taking a slot is one upsert that only increments below
 * the counter's limit, so 30 simultaneous attempts cannot all pass a read-then-write check; a successful attempt
 * gives its slots back, so only failures count.
 */
export function createSignInAttempts(db: AppDb) {
  /** Takes a slot in this counter; answers the attempts in its window with this one, or null when it is used up. */
  async function takeOne({ key, limit }: Counter): Promise<number | null> {
    const windowOver = sql`${signInAttempts.windowStartedAt} <= now() - make_interval(secs => ${WINDOW_SECONDS})`;
    const [taken] = await db
      .insert(signInAttempts)
      .values({ key, attempts: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInAttempts.key,
        set: {
          attempts: sql`case when ${windowOver} then 1 else ${signInAttempts.attempts} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then now() else ${signInAttempts.windowStartedAt} end`,
        },
        setWhere: or(windowOver, lt(signInAttempts.attempts, limit)),
      })
      .returning({ attempts: signInAttempts.attempts });
    return taken?.attempts ?? null;
  }

  /** Gives back a slot in each counter; a counter left with none is deleted (a successful sign-in leaves no row). */
  async function giveBack(keys: string[]) {
    for (const key of keys) {
      // Deleted only while this attempt's is the last slot: a concurrent attempt's increment makes it stay.
      await db.delete(signInAttempts).where(and(eq(signInAttempts.key, key), lte(signInAttempts.attempts, 1)));
      await db
        .update(signInAttempts)
        .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
        .where(eq(signInAttempts.key, key));
    }
  }

  /** Seconds until this counter's window ends. */
  async function secondsUntilOpen(key: string): Promise<number> {
    const [row] = await db.select().from(signInAttempts).where(eq(signInAttempts.key, key));
    const end = (row?.windowStartedAt.getTime() ?? Date.now()) + WINDOW_SECONDS * 1000;
    return Math.max(1, Math.ceil((end - Date.now()) / 1000));
  }

  /** Whether this is the counter's first refusal in its window (one atomic update): only that one is logged. */
  async function firstRefusalOfWindow(key: string): Promise<boolean> {
    const marked = await db
      .update(signInAttempts)
      .set({ refusalLoggedAt: sql`now()` })
      .where(
        and(
          eq(signInAttempts.key, key),
          or(isNull(signInAttempts.refusalLoggedAt), lt(signInAttempts.refusalLoggedAt, signInAttempts.windowStartedAt)),
        ),
      )
      .returning({ key: signInAttempts.key });
    return marked.length > 0;
  }

  /**
   * Takes the attempt's slot in every counter, or (when one is used up) gives back those taken, logs the lockout once
   * per counter and window, and answers 429 with the real minutes left. An account past its slow-down figure waits.
   */
  async function takeOrRefuse(email: string, origin: RequestOrigin): Promise<string[]> {
    const counters = attemptCounters(email, origin.ipAddress);
    const taken: string[] = [];
    let accountAttempts = 0;
    for (const counter of counters) {
      const attempts = await takeOne(counter);
      if (attempts === null) {
        await giveBack(taken);
        const retryAfterSeconds = await secondsUntilOpen(counter.key);
        if (await firstRefusalOfWindow(counter.key)) {
          await recordSecurityEvent(db, { type: "lockout", outcome: "failure", reason: counter.about, email }, origin);
        }
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new ApiError(429, tooManyLoginAttempts(minutes), "too_many_attempts", {}, retryAfterSeconds);
      }
      if (counter.about === "account") accountAttempts = attempts;
      taken.push(counter.key);
    }
    // Many failures on one account from several addresses: each further guess is slowed (the threat rules alert).
    if (accountAttempts > SIGN_IN_LIMITS.perAccountSlowDown) await sleep(SIGN_IN_LIMITS.slowDownSeconds * 1000);
    return taken;
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
