import { eq, sql } from "drizzle-orm";
import type { AppDb } from "../db/client.js";
import { settings } from "../db/schema.js";

export async function readSetting<T>(db: AppDb, key: string, fallback: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as T) : fallback;
}

export async function writeSetting(db: AppDb, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
