import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "../paths.js";
import { openDatabase } from "./client.js";
import { migrate } from "./migrate.js";

describe("migrations", () => {
  // Opening a fresh PGlite and migrating it takes seconds alone, and past the default 20 s beside the other test file on
  // 2 busy cores (as the other tests that migrate a fresh database allow).
  it("apply every SQL file on a fresh database, then nothing on a second start", async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      const files = readdirSync(migrationsDir)
        .filter((name) => name.endsWith(".sql"))
        .sort();
      expect(await migrate(database.db)).toEqual(files);
      expect(await migrate(database.db)).toEqual([]);
      const recorded = (await database.db.execute(sql`select name from schema_migrations order by name`)) as unknown as {
        rows: { name: string }[];
      };
      expect(recorded.rows.map((row) => row.name)).toEqual(files);
    } finally {
      await database.close();
    }
  }, 120_000);
});
