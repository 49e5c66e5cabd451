import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.js";
import { migrate } from "../../db/migrate.js";
import { services } from "../../db/schema.js";
import { contentDir } from "../../paths.js";
import { readContentFiles } from "./content-files.js";
import { loadContentIfEmpty } from "./load-content.js";

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)("instances starting together on an empty PostgreSQL database (skipped: set TEST_DATABASE_URL)", () => {
  it("migrate once and load the starting content once, without an error on either", async () => {
    const first = await openDatabase({ databaseUrl, dataDir: null });
    const second = await openDatabase({ databaseUrl, dataDir: null });
    try {
      await first.db.execute(sql.raw("drop schema public cascade; create schema public"));
      const start = async (database: typeof first) => {
        const applied = await migrate(database.db);
        return { migrated: applied.length > 0, loaded: await loadContentIfEmpty(database.db, contentDir) };
      };
      const started = await Promise.all([start(first), start(second)]);
      expect(started.map((outcome) => outcome.migrated).sort()).toEqual([false, true]);
      expect(started.map((outcome) => outcome.loaded).sort()).toEqual([false, true]);
      const [{ count } = { count: 0 }] = await first.db.select({ count: sql<number>`count(*)::int` }).from(services);
      expect(count).toBe((await readContentFiles(contentDir)).services.length);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 60_000);
});
