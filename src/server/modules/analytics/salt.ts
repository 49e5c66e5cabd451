import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";

const SALT_KEY = "analytics_salt";

/**
 * The salt of the visitor hashes, one per UTC day, shared by every instance through the settings table. The first
 * request of a new day replaces yesterday's salt (one atomic upsert), so a visitor cannot be followed across days.
 */
export function createDailySalt(db: AppDb) {
  let current: { day: string; salt: string } | null = null;
  return async function saltOf(day: string): Promise<string> {
    if (current?.day === day) return current.salt;
    const fresh = JSON.stringify({ day, salt: randomBytes(32).toString("base64url") });
    const result = (await db.execute(sql`
      insert into settings (key, value) values (${SALT_KEY}, ${fresh}::jsonb)
      on conflict (key) do update
        set value = case when settings.value->>'day' = ${day} then settings.value else excluded.value end, updated_at = now()
      returning value`)) as unknown as { rows: { value: { day: string; salt: string } }[] };
    const stored = result.rows[0]?.value;
    if (!stored) throw new Error("the analytics salt was not stored");
    current = stored;
    return stored.salt;
  };
}
