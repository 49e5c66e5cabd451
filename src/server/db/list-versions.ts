import { eq } from "drizzle-orm";
import type { AppDb } from "./client.js";
import { listVersions } from "./schema.js";

/** The lists whose pages a cache keeps, each with its version row (migration 0016). */
export type CachedList = "projects" | "inquiries" | "conversations";

/**
 * Reads a list's version now, or null when it has none (nothing is then kept). A caller reads it before the data it
 * keeps under it: what is kept is then never older than its version (decision 104).
 */
export function createListVersionReader(db: AppDb, list: CachedList): () => Promise<number | null> {
  const statement = db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.list, list))
    .prepare(`list_version_${list}`);
  return async () => (await statement.execute())[0]?.version ?? null;
}
