import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PRIVATE_DIR_MODE } from "../platform/private-files.js";
import * as schema from "./schema.js";

/** Drizzle over either driver: both speak PostgreSQL, so every query is the same code. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: AppDb;
  /**
   * For queries that can be long (exports, analytics): PostgreSQL gives them a pool of their own with their own
   * statement timeout, so they neither fail at the requests' limit nor hold the requests' connections. PGlite: db.
   */
  longDb: AppDb;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query (readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** The embedded database's folder parent (DATA_DIR); in memory when null. */
  dataDir: string | null;
  /** PostgreSQL only: connections kept by this process. */
  poolSize?: number;
  /** PostgreSQL only: the server cancels a statement running longer. */
  statementTimeoutMs?: number;
  /** PostgreSQL only: the same for the long queries of longDb. */
  longStatementTimeoutMs?: number;
  /** Called with errors of idle pooled connections (the server went away); they are replaced on next use. */
  onIdleError?: (error: Error) => void;
};

/** How long a request waits for a connection before it is answered "database unavailable". */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Connections of the long queries' pool, beside DATABASE_POOL_SIZE: exports and analytics wait for one of these. */
export const LONG_QUERY_POOL_SIZE = 2;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite database (in memory when dataDir is null). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const newPool = (max: number, statementTimeoutMs: number) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        statement_timeout: statementTimeoutMs,
        // The server cancels slow statements; this also ends a query whose server stopped answering (a cut network).
        query_timeout: statementTimeoutMs + CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      // Without a listener, an idle connection dropped by the server would crash the process.
      pool.on("error", (error) => options.onIdleError?.(error));
      return pool;
    };
    const pool = newPool(options.poolSize ?? 10, options.statementTimeoutMs ?? 10_000);
    // Connections are opened on first use only: an instance that never exports holds none.
    const longPool = newPool(LONG_QUERY_POOL_SIZE, options.longStatementTimeoutMs ?? 120_000);
    // Fail at start with a clear error rather than on the first request.
    await pool.query("select 1");
    return {
      db: drizzle({ client: pool, schema }) as unknown as AppDb,
      longDb: drizzle({ client: longPool, schema }) as unknown as AppDb,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: async () => {
        await Promise.all([pool.end(), longPool.end()]);
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "db");
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }
  const client = await PGlite.create(dataDir);
  const db = drizzle({ client, schema }) as unknown as AppDb;
  return {
    db,
    longDb: db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
