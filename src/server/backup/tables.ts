import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client.js";

/** The installation's tables, by name (the migrations' own bookkeeping included). */
export async function tableNames(db: AppDb): Promise<string[]> {
  const result = (await db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  return result.rows.map((row) => row.tablename);
}
