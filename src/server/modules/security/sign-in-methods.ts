import { and, eq, gte, inArray, or } from "drizzle-orm";
import type { AccountSignInMethods } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { passkeys, userIdentities } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";

/** What to remove: the chosen ones, and with `addedSince` every one added at or after that time. */
export type MethodRemoval = { passkeyIds: string[]; providers: string[]; addedSince?: Date };

/**
 * The passkeys and provider links of an account, as shown where its owner secures it ('this wasn't me', a password
 * reset, 'sign out everywhere'), and their removal in that same step. No last-method guard here: each of those
 * steps ends with the owner choosing a password.
 */
export function createSignInMethods(db: AppDb, providerName: (provider: string) => string) {
  return {
    async list(userId: string): Promise<AccountSignInMethods> {
      const keys = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
      const links = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt);
      return {
        passkeys: keys.map((key) => ({ id: key.id, name: key.name, createdAt: key.createdAt.toISOString() })),
        providers: links.map((link) => ({
          provider: link.provider,
          name: providerName(link.provider),
          email: link.email,
          linkedAt: link.createdAt.toISOString(),
        })),
      };
    },

    /** Removes the account's passkeys and provider links named or added since; each removal goes to the access log. */
    async remove(userId: string, removal: MethodRemoval, origin: RequestOrigin): Promise<{ passkeys: number; providers: number }> {
      const { passkeyIds, providers, addedSince } = removal;
      const { removedKeys, removedLinks } = await db.transaction(async (tx) => {
        const removedKeys = await tx
          .delete(passkeys)
          .where(
            and(
              eq(passkeys.userId, userId),
              or(inArray(passkeys.id, passkeyIds), addedSince ? gte(passkeys.createdAt, addedSince) : undefined),
            ),
          )
          .returning({ name: passkeys.name });
        const removedLinks = await tx
          .delete(userIdentities)
          .where(
            and(
              eq(userIdentities.userId, userId),
              or(inArray(userIdentities.provider, providers), addedSince ? gte(userIdentities.createdAt, addedSince) : undefined),
            ),
          )
          .returning({ provider: userIdentities.provider });
        return { removedKeys, removedLinks };
      });
      for (const key of removedKeys) {
        await recordSecurityEvent(db, { type: "passkey_removed", outcome: "success", reason: key.name, userId }, origin);
      }
      for (const link of removedLinks) {
        await recordSecurityEvent(db, { type: "identity_unlinked", outcome: "success", reason: link.provider, userId }, origin);
      }
      return { passkeys: removedKeys.length, providers: removedLinks.length };
    },
  };
}

export type SignInMethods = ReturnType<typeof createSignInMethods>;
