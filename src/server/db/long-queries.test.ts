import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.js";
import { databaseFailureOf } from "./unavailable.js";

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)("queries that can be long run with their own limit (skipped: set TEST_DATABASE_URL to run)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl, dataDir: null, statementTimeoutMs: 300, longStatementTimeoutMs: 3000 });
  });
  afterAll(() => database?.close());

  const sleep = (db: Database["db"], seconds: number) => db.execute(sql`select pg_sleep(${seconds})`);

  it("cancels a request's query at the statement timeout, lets a long query run past it, and stops that one at its own", async () => {
    expect(databaseFailureOf(await sleep(database.db, 1).catch((error: unknown) => error))).toBe("timeout");
    await expect(sleep(database.longDb, 1)).resolves.toBeDefined();
    expect(databaseFailureOf(await sleep(database.longDb, 5).catch((error: unknown) => error))).toBe("timeout");
    // Both pools go on working after a cancelled statement.
    await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
    await expect(database.longDb.execute(sql`select 1`)).resolves.toBeDefined();
  }, 30_000);
});
