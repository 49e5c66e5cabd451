import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.js";

/** Drizzle over either driver: both speak PostgreSQL, so every query is the same code. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: AppDb;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

/** PostgreSQL when a URL is given, otherwise the embedded PGlite database (in memory when dataDir is null). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Fail at start with a clear error rather than on the first request.
    await pool.query("select 1");
    return { db: drizzle({ client: pool, schema }) as unknown as AppDb, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "db");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  return { db: drizzle({ client, schema }) as unknown as AppDb, kind: "pglite", close: () => client.close() };
}
