import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { notMeLinks } from "../../db/schema.js";
import { randomToken, sha256 } from "../auth/index.js";

/** A 'this wasn't me' link works this long after its notice. */
export const NOT_ME_LINK_DAYS = 7;

export type NotMeLink = typeof notMeLinks.$inferSelect;

/**
 * Each security notice's own 'this wasn't me' link (docs/decisions/113-not-me-links.md): a 256-bit random token,
 * stored hashed and found by its hash, so a later notice does not replace it and a wrong guess cannot wear it out.
 */
export function createNotMeLinks(db: AppDb) {
  return {
    /** A new link for the notice of this event; the token is answered in clear, once. */
    async issue(event: { id: number; userId: string; createdAt: Date }, restoreEmail: string | null): Promise<string> {
      const token = randomToken();
      await db.insert(notMeLinks).values({
        userId: event.userId,
        tokenHash: sha256(token),
        eventId: event.id,
        eventAt: event.createdAt,
        restoreEmail,
        expiresAt: new Date(Date.now() + NOT_ME_LINK_DAYS * 24 * 60 * 60_000),
      });
      return token;
    },

    /** The unused, unexpired link of this account with this token. */
    async find(userId: string, token: string): Promise<NotMeLink | null> {
      const [link] = await db
        .select()
        .from(notMeLinks)
        .where(
          and(
            eq(notMeLinks.tokenHash, sha256(token)),
            eq(notMeLinks.userId, userId),
            isNull(notMeLinks.usedAt),
            gt(notMeLinks.expiresAt, new Date()),
          ),
        );
      return link ?? null;
    },

    /** Marks the link used: false when another request used it first. */
    async markUsed(link: NotMeLink): Promise<boolean> {
      const used = await db
        .update(notMeLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(notMeLinks.id, link.id), isNull(notMeLinks.usedAt)))
        .returning({ id: notMeLinks.id });
      return used.length === 1;
    },
  };
}
