import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { oneTimeCodes } from "../../db/schema.js";
import { sameHash, sha256 } from "./secrets.js";

const MINUTE = 60_000;
const CODE_MAX_ATTEMPTS = 5;

/**
 * Short-lived secrets tied to an account and a purpose (email codes, reset codes, login tickets):
 * stored hashed, one open per purpose, used once, and dead after five wrong guesses.
 */
export function createOneTimeCodes(db: AppDb) {
  return {
    /** Replaces any open code of this purpose with a new one and returns it in clear, once. */
    async issue(userId: string, purpose: string, secret: string, minutes: number) {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
      await db
        .insert(oneTimeCodes)
        .values({ userId, purpose, codeHash: sha256(secret), expiresAt: new Date(Date.now() + minutes * MINUTE) });
      return secret;
    },

    /** Uses up the open code of this purpose if the secret matches; counts a wrong guess against it. */
    async consume(userId: string, purpose: string, secret: string): Promise<boolean> {
      const [code] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(oneTimeCodes.id))
        .limit(1);
      if (!code || code.attempts >= CODE_MAX_ATTEMPTS) return false;
      if (!sameHash(code.codeHash, sha256(secret))) {
        await db
          .update(oneTimeCodes)
          .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
          .where(eq(oneTimeCodes.id, code.id));
        return false;
      }
      const consumed = await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(oneTimeCodes.id, code.id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return consumed.length === 1;
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
