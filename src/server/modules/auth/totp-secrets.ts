import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, isNotNull, notLike } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";

/** Marks a sealed value; a Base32 secret (A-Z, 2-7) never contains a colon, so a plain one is told apart. */
const SEALED_PREFIX = "v1:";

/**
 * Authenticator (TOTP) secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET, which the database never
 * holds (docs/decisions/117-secrets-at-rest.md). The account id is bound in as associated data, so a sealed secret
 * copied to another account's row does not open there.
 */
export function createTotpSecrets(authSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "", "crestbuild authenticator secrets", 32));
  return {
    seal(userId: string, secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(userId));
      const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return `${SEALED_PREFIX}${[iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".")}`;
    },

    /** The secret, or null when it was sealed under another key or for another account (or is damaged). */
    open(userId: string, stored: string): string | null {
      const [iv, sealed, tag] = stored
        .slice(SEALED_PREFIX.length)
        .split(".")
        .map((part) => Buffer.from(part, "base64url"));
      if (!stored.startsWith(SEALED_PREFIX) || !iv || !sealed || tag?.length !== 16) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(userId)).setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

export type TotpSecrets = ReturnType<typeof createTotpSecrets>;

/**
 * Seals the secrets an older version stored in plain text; run at start, before anyone signs in. Each row is
 * rewritten only if it still holds the plain secret read, so instances starting together do not seal twice.
 */
export async function sealPlainTotpSecrets(db: AppDb, secrets: TotpSecrets): Promise<number> {
  const plain = await db
    .select({ id: users.id, mfaSecret: users.mfaSecret })
    .from(users)
    .where(and(isNotNull(users.mfaSecret), notLike(users.mfaSecret, `${SEALED_PREFIX}%`)));
  for (const { id, mfaSecret } of plain) {
    if (!mfaSecret) continue;
    await db
      .update(users)
      .set({ mfaSecret: secrets.seal(id, mfaSecret) })
      .where(and(eq(users.id, id), eq(users.mfaSecret, mfaSecret)));
  }
  return plain.length;
}
