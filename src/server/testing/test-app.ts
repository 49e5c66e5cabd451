import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import { loadContentIfEmpty } from "../modules/content/load-content.js";
import { contentDir } from "../paths.js";
import { loadPageRenderer, type PageRenderer } from "../ssr/renderer.js";

let shared: Promise<Database> | null = null;
let renderer: Promise<PageRenderer> | null = null;

/**
 * The worker's database: in-memory PGlite, or the PostgreSQL server named by TEST_DATABASE_URL
 * (emptied first: point it only at a database kept for tests).
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    const database = await openDatabase({ databaseUrl, dataDir: null });
    if (databaseUrl) await database.db.execute(sql.raw("drop schema public cascade; create schema public"));
    await migrate(database.db);
    return database;
  })();
  return shared;
}

/** Empties every table and loads the starting content again, so each test starts from the same data. */
export async function resetDatabase(): Promise<Database> {
  const database = await testDatabase();
  const tables = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'`,
  )) as unknown as { rows: { tablename: string }[] };
  const names = tables.rows.map((row) => `"${row.tablename}"`).join(", ");
  if (names) await truncateRetryingDeadlocks(database, names);
  await loadContentIfEmpty(database.db, contentDir);
  return database;
}

/**
 * A server still starting (its first analytics roll-up, one transaction over several tables) can hold a lock that
 * TRUNCATE needs while waiting for one TRUNCATE took: PostgreSQL then ends one of the two (40P01). Try again.
 */
async function truncateRetryingDeadlocks(database: Database, names: string, attemptsLeft = 5): Promise<void> {
  try {
    await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code !== "40P01" || attemptsLeft <= 1) throw error;
    await truncateRetryingDeadlocks(database, names, attemptsLeft - 1);
  }
}

// Uploads written by tests go to a folder of this worker's own, never to the project's ./data.
const testDataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-test-"));

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_ORIGIN: "https://www.crestbuild.test", DATA_DIR: testDataDir, ...env });
}

export type TestServer = { app: FastifyInstance; url: (path: string) => string; close: () => Promise<void> };

/** What the HTTP and WebSocket test clients need of a server: in process (TestServer) or a child process. */
export type ServerAddress = Pick<TestServer, "url">;

/**
 * The real app, listening on a loopback port, on the worker's freshly reset database, with the built page renderer.
 * keepData: a second instance on the same data (scale-out tests); realtime: shorter timings, a Redis prefix.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    keepData?: boolean;
    realtime?: AppOptions["realtime"];
    stores?: AppOptions["stores"];
    takeWeeklyReportJob?: AppOptions["takeWeeklyReportJob"];
  } = {},
): Promise<TestServer> {
  const database = options.keepData ? await testDatabase() : await resetDatabase();
  renderer ??= loadPageRenderer();
  const app = await buildApp({
    config: testConfig(env),
    database,
    renderer: await renderer,
    logStream: options.logStream,
    realtime: options.realtime,
    stores: options.stores,
    takeWeeklyReportJob: options.takeWeeklyReportJob,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { app, url: (path) => `http://127.0.0.1:${port}${path}`, close: () => app.close() };
}
