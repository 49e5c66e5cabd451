import { sql } from "drizzle-orm";
import type { AppDb } from "../db/client.js";
import type { ObjectStore } from "../platform/storage.js";
import { ARCHIVE_FORMAT, type ArchiveLine, writeArchive } from "./archive.js";
import { tableNames } from "./tables.js";

export type BackupSource = { db: AppDb; stores: Record<string, ObjectStore> };

// Both drivers answer raw SQL with { rows }, though the shared type does not say so.
type Rows<T> = { rows: T[] };

/**
 * Writes one archive of a running installation: every table as it was at one instant (one repeatable-read,
 * read-only transaction), then every stored file. Answers what it wrote.
 */
export async function backupInstallation(source: BackupSource, file: string): Promise<{ tables: number; rows: number; files: number }> {
  const counts = { tables: 0, rows: 0, files: 0 };
  const tables: ArchiveLine[] = [];
  let migrations: string[] = [];
  await source.db.transaction(
    async (tx) => {
      const applied = (await tx.execute(sql`select name from schema_migrations order by name`)) as unknown as Rows<{ name: string }>;
      migrations = applied.rows.map((row) => row.name);
      for (const name of await tableNames(tx)) {
        const result = (await tx.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`))) as unknown as Rows<{
          row: string;
        }>;
        tables.push({ kind: "table", name, rows: result.rows.map((row) => row.row) });
        counts.tables += 1;
        counts.rows += result.rows.length;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  async function* lines(): AsyncGenerator<ArchiveLine> {
    yield { kind: "header", format: ARCHIVE_FORMAT, createdAt: new Date().toISOString(), migrations };
    yield* tables;
    for (const [store, files] of Object.entries(source.stores)) {
      for (const key of await files.list()) {
        const opened = await files.open(key);
        if (!opened) continue; // Removed since it was listed: the database no longer names it either.
        const chunks: Buffer[] = [];
        for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk));
        counts.files += 1;
        yield { kind: "file", store, key, base64: Buffer.concat(chunks).toString("base64") };
      }
    }
  }
  await writeArchive(file, lines());
  return counts;
}
