import { eq } from "drizzle-orm";
import type { AppDb } from "../db/client.js";
import { siteContentVersion } from "../db/schema.js";

/**
 * The version of what the public pages show, bumped by database triggers in the same transaction as any change
 * (migration 0006). Read on each page request: every instance sees a change on its next request, whoever made it.
 */
export function createContentVersion(db: AppDb) {
  return async function currentContentVersion(): Promise<number> {
    const [row] = await db.select({ version: siteContentVersion.version }).from(siteContentVersion).where(eq(siteContentVersion.id, 1));
    return row?.version ?? 0;
  };
}
