import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { loadContentIfEmpty } from "../src/server/modules/content/load-content";
import { contentDir } from "../src/server/paths";
import type { DepartmentName, Role } from "../src/shared/departments";

/**
 * A benchmark's database, fresh: the PostgreSQL of `databaseUrl` (BENCH_DATABASE_URL), emptied first, or PGlite in
 * `dataDir`; migrated and holding the starting content. The caller seeds it and closes it.
 */
export async function openFreshBenchDatabase(dataDir: string, databaseUrl: string | undefined) {
  // Seeding a million rows in one statement can outlast the servers' 10-second statement limit on a busy machine.
  const database = await openDatabase({ dataDir, databaseUrl, statementTimeoutMs: 600_000 });
  if (databaseUrl) await database.db.execute(sql.raw("drop schema public cascade; create schema public"));
  await migrate(database.db);
  await loadContentIfEmpty(database.db, contentDir);
  return database;
}

/** Rows of approved, verified accounts sharing one password hash, named after their index. */
export function benchPerson(passwordHash: string) {
  const now = new Date();
  return (email: string, role: Role, department: DepartmentName, index: number) => ({
    email,
    firstName: ["Adaeze", "Musa", "Ngozi", "Tunde", "Halima", "Chidi"][index % 6] ?? "Ada",
    lastName: `Bench${index}`,
    role,
    department,
    passwordHash,
    approvedAt: now,
    emailVerifiedAt: now,
  });
}
