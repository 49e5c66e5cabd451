import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { oneTimeCodes } from "../../db/schema.js";
import { sameHash, sha256 } from "./secrets.js";

const MINUTE = 60_000;
type OpenCode = typeof oneTimeCodes.$inferSelect;
const CODE_MAX_ATTEMPTS = 5;
/** How long an emailed code (verification, reset, email change) stays valid. */
export const EMAIL_CODE_MINUTES = 15;

/**
 * Short-lived secrets tied to an account and a purpose (email codes, reset codes, login tickets):
 * stored hashed, one open per purpose (login tickets: several, see issueTicket), used once, and dead after five wrong
 * guesses.
 */
export function createOneTimeCodes(db: AppDb) {
  /** This account's codes of this purpose that are neither used nor expired. */
  const unusedOf = (userId: string, purpose: string) =>
    and(
      eq(oneTimeCodes.userId, userId),
      eq(oneTimeCodes.purpose, purpose),
      isNull(oneTimeCodes.consumedAt),
      gt(oneTimeCodes.expiresAt, new Date()),
    );

  const insertCode = async (userId: string, purpose: string, secret: string, minutes: number) => {
    await db.insert(oneTimeCodes).values({ userId, purpose, codeHash: sha256(secret), expiresAt: new Date(Date.now() + minutes * MINUTE) });
    return secret;
  };

  /** The latest unused, unexpired code of this purpose that still has guesses left. */
  async function openCode(userId: string, purpose: string): Promise<OpenCode | null> {
    const [code] = await db.select().from(oneTimeCodes).where(unusedOf(userId, purpose)).orderBy(desc(oneTimeCodes.id)).limit(1);
    return code && code.attempts < CODE_MAX_ATTEMPTS ? code : null;
  }

  /** Marks the code used, unless it was used meanwhile or ran out of guesses: answers whether this call used it. */
  const markUsed = async (code: OpenCode): Promise<boolean> => {
    const consumed = await db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, code.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS)))
      .returning({ id: oneTimeCodes.id });
    return consumed.length === 1;
  };

  const countWrongGuess = async (code: OpenCode) => {
    await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, code.id));
  };

  return {
    /** Replaces any open code of this purpose with a new one and returns it in clear, once. */
    async issue(userId: string, purpose: string, secret: string, minutes: number) {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
      return insertCode(userId, purpose, secret, minutes);
    },

    /** Counts a wrong guess made with this code (e.g. a wrong second factor on a login ticket). */
    countWrongGuess,

    /** Uses up the open code of this purpose if the secret matches; counts a wrong guess against it. */
    async consume(userId: string, purpose: string, secret: string): Promise<boolean> {
      const code = await openCode(userId, purpose);
      if (!code) return false;
      if (!sameHash(code.codeHash, sha256(secret))) {
        await countWrongGuess(code);
        return false;
      }
      return markUsed(code);
    },

    /**
     * A ticket issued beside those already open: one person may sign in on two devices at the same moment. A ticket is
     * a random 256-bit secret, never guessed, so each is found by its own hash rather than as the one open code.
     */
    issueTicket: insertCode,

    /** The open ticket of this purpose with this secret, if it has guesses left. */
    async findTicket(userId: string, purpose: string, secret: string): Promise<OpenCode | null> {
      const [ticket] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(unusedOf(userId, purpose), eq(oneTimeCodes.codeHash, sha256(secret)), lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS)));
      return ticket ?? null;
    },

    /** Uses up a ticket found by findTicket: false if it was used meanwhile or ran out of guesses. */
    markUsed,
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
