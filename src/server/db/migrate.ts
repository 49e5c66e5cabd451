import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsDir } from "../paths.js";
import type { AppDb } from "./client.js";

// drizzle-kit separates the statements of one migration file with this marker.
const STATEMENT_BREAK = "--> statement-breakpoint";
// Any number, the same for every instance: a second instance starting at once waits here.
const MIGRATION_LOCK_ID = 7_240_517;

/**
 * Within a transaction: waits until no other instance holds the installation's start-up lock (migrations, the
 * starting content), then holds it until the transaction ends.
 */
export async function holdStartUpLock(tx: Pick<AppDb, "execute">) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
}

/** Applies the SQL files of the migrations folder not yet applied, in name order, in one transaction. */
export async function migrate(db: AppDb, dir = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  return db.transaction(async (tx) => {
    await holdStartUpLock(tx);
    await tx.execute(sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    // Both drivers answer raw SQL with { rows }, though the shared type does not say so.
    const done = (await tx.execute(sql`select name from schema_migrations`)) as unknown as { rows: { name: string }[] };
    const applied = new Set(done.rows.map((row) => row.name));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      const text = await readFile(path.join(dir, name), "utf8");
      for (const statement of text.split(STATEMENT_BREAK)) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${name})`);
    }
    return pending;
  });
}
