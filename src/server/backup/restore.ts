import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client.js";
import type { ObjectStore } from "../platform/storage.js";
import { type ArchiveLine, readArchive } from "./archive.js";
import { tableNames } from "./tables.js";

export type RestoreTarget = { db: AppDb; stores: Record<string, ObjectStore> };

type Rows<T> = { rows: T[] };
type TableLine = Extract<ArchiveLine, { kind: "table" }>;

/** Rows per INSERT: one statement per table would be one huge parameter. */
const ROWS_PER_INSERT = 500;

/** Thrown for a restore that must not go on; its message is for the operator. */
export class RestoreRefused extends Error {}

/** An installation is empty while nobody has an account and no file is stored (the starting content does not count). */
async function isEmpty(target: RestoreTarget): Promise<boolean> {
  const users = (await target.db.execute(sql`select count(*)::int as count from users`)) as unknown as Rows<{ count: number }>;
  if ((users.rows[0]?.count ?? 0) > 0) return false;
  for (const store of Object.values(target.stores)) if ((await store.list()).length > 0) return false;
  return true;
}

async function restoreTables(db: AppDb, tables: TableLine[]) {
  await db.transaction(async (tx) => {
    // Rows go in table by table, in any order: foreign keys are not checked while this transaction writes them.
    await tx.execute(sql`set local session_replication_role = replica`);
    const names = (await tableNames(tx)).filter((name) => name !== "schema_migrations");
    if (names.length > 0) await tx.execute(sql.raw(`truncate ${names.map((name) => `"${name}"`).join(", ")} restart identity cascade`));
    for (const table of tables) {
      if (table.name === "schema_migrations") continue;
      if (!names.includes(table.name)) throw new RestoreRefused(`the backup has a table this version does not know: ${table.name}`);
      // Generated columns (blog_posts.word_count) are computed again, never written.
      const written = (await tx.execute(sql`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table.name} and is_generated = 'NEVER'
        order by ordinal_position`)) as unknown as Rows<{ column_name: string }>;
      const columns = sql.raw(written.rows.map((row) => `"${row.column_name}"`).join(", "));
      const name = sql.identifier(table.name);
      for (let start = 0; start < table.rows.length; start += ROWS_PER_INSERT) {
        const json = `[${table.rows.slice(start, start + ROWS_PER_INSERT).join(",")}]`;
        await tx.execute(
          sql`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, ${json}::json)`,
        );
      }
    }
    // Ids handed out next continue after the restored ones.
    const counters = (await tx.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`)) as unknown as Rows<{
      table_name: string;
      column_name: string;
    }>;
    for (const { table_name: table, column_name: column } of counters.rows) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce(max("${column}"), 0) + 1, false) from "${table}"`,
        ),
      );
    }
  });
}

async function emptyStores(stores: Record<string, ObjectStore>) {
  for (const store of Object.values(stores)) for (const key of await store.list()) await store.remove(key);
}

/**
 * Brings a backup back into a migrated installation of the same version: refuses one that is not empty unless
 * `force` (which replaces everything in it). Answers what it restored.
 */
export async function restoreInstallation(
  target: RestoreTarget,
  file: string,
  { force = false } = {},
): Promise<{ tables: number; rows: number; files: number }> {
  const counts = { tables: 0, rows: 0, files: 0 };
  const tables: TableLine[] = [];
  let databaseDone = false;
  const restoreDatabase = async () => {
    await restoreTables(target.db, tables);
    if (force) await emptyStores(target.stores);
    databaseDone = true;
  };

  for await (const line of readArchive(file)) {
    if (line.kind === "header") {
      const applied = (await target.db.execute(sql`select name from schema_migrations order by name`)) as unknown as Rows<{ name: string }>;
      const here = applied.rows.map((row) => row.name).join(", ");
      if (line.migrations.join(", ") !== here) {
        throw new RestoreRefused(
          `the backup was made at another version (migrations ${line.migrations.at(-1) ?? "none"}, here ${applied.rows.at(-1)?.name ?? "none"}): restore it with the version that made it, then upgrade`,
        );
      }
      if (!force && !(await isEmpty(target))) {
        throw new RestoreRefused(
          "the installation is not empty (it has accounts or files): restore into an empty one, or add --force to replace everything in it",
        );
      }
    } else if (line.kind === "table") {
      tables.push(line);
      counts.tables += 1;
      counts.rows += line.rows.length;
    } else {
      if (!databaseDone) await restoreDatabase();
      const store = target.stores[line.store];
      if (!store) throw new RestoreRefused(`the backup has files of an unknown kind: ${line.store}`);
      await store.put(line.key, Buffer.from(line.base64, "base64"));
      counts.files += 1;
    }
  }
  if (!databaseDone) await restoreDatabase();
  return counts;
}
