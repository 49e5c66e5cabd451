import { and, count, eq } from "drizzle-orm";
import type { AppDb } from "../../../db/client.js";
import { passkeys, userIdentities, users } from "../../../db/schema.js";

export type IdentityRow = typeof userIdentities.$inferSelect;

/** Provider identities linked to accounts: one per provider and account, one account per provider subject. */
export function createIdentities(db: AppDb) {
  return {
    async findBySubject(provider: string, subject: string): Promise<IdentityRow | null> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
      return row ?? null;
    },

    listFor: (userId: string) =>
      db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt),

    /**
     * Links the provider subject to the account (replacing that account's earlier identity at the provider).
     * False when the subject already belongs to another account; the unique index settles a race.
     */
    async link(userId: string, provider: string, subject: string, email: string): Promise<boolean> {
      const owner = await this.findBySubject(provider, subject);
      if (owner) return owner.userId === userId;
      await db.delete(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
      const inserted = await db
        .insert(userIdentities)
        .values({ userId, provider, subject, email })
        .onConflictDoNothing()
        .returning({ id: userIdentities.id });
      return inserted.length === 1;
    },

    markUsed: (id: number) => db.update(userIdentities).set({ lastUsedAt: new Date() }).where(eq(userIdentities.id, id)),

    /**
     * Unlinks the account's identity at this provider unless it is the last way left to sign in (no password, no
     * other identity, no passkey). The account row is locked meanwhile, so two unlinks at once cannot both remove "the other one".
     */
    unlink: (userId: string, provider: string) =>
      db.transaction(async (tx): Promise<"unlinked" | "not_linked" | "last_method"> => {
        const [account] = await tx.select({ hasPassword: users.hasPassword }).from(users).where(eq(users.id, userId)).for("update");
        const linked = await tx.select().from(userIdentities).where(eq(userIdentities.userId, userId));
        if (!account || !linked.some((identity) => identity.provider === provider)) return "not_linked";
        const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
        if (!account.hasPassword && linked.length === 1 && (keys?.n ?? 0) === 0) return "last_method";
        await tx.delete(userIdentities).where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
        return "unlinked";
      }),
  };
}

export type Identities = ReturnType<typeof createIdentities>;
