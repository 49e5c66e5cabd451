/**
 * A flood of refused sign-ins from one address, and how much it grows the database: 300 attempts with 1 KB emails and
 * 8 KB user agents (goal: under 100 KB). Then, for comparison, 300 with the longest email accepted (254 characters),
 * each a different account, which the per-address sign-in limit bounds. The size is PostgreSQL's own figure
 * (pg_database_size), read with the server stopped; BENCH_DATABASE_URL measures a PostgreSQL server instead of PGlite.
 * Run: npm run build && npm run bench:sign-in-flood
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { verdict } from "./report";
import { startBuiltServer } from "./server";

const ATTEMPTS = 300;
const CONCURRENCY = 10;
const GOAL_BYTES = 100 * 1024;
const USER_AGENT = `Mozilla/5.0 (flood) ${"x".repeat(8 * 1024)}`;
const PORT = Number(process.env.BENCH_PORT ?? 3207);

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-flood-bench-"));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const serverEnv = { TRUST_PROXY: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

/** The database's size in bytes and its rows of what a sign-in writes, read while no server holds it. */
async function measure() {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const result = (await database.db.execute(sql`select pg_database_size(current_database())::bigint as bytes,
      (select count(*) from security_events)::int as events, (select count(*) from sign_in_attempts)::int as counters`)) as unknown as {
      rows: { bytes: string; events: number; counters: number }[];
    };
    const row = result.rows[0];
    if (!row) throw new Error("no size read");
    return { bytes: Number(row.bytes), events: row.events, counters: row.counters };
  } finally {
    await database.close();
  }
}

/** Stops the server and waits for its process to end (PGlite's files are then free). */
async function stopAndWait(server: { pid: number; stop: () => void }) {
  server.stop();
  for (;;) {
    try {
      process.kill(server.pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      return;
    }
  }
}

/** Sends the attempts from one address, CONCURRENCY at a time; answers how many of each status came back. */
async function flood(origin: string, address: string, emailOf: (attempt: number) => string) {
  const statuses = new Map<number, number>();
  for (let sent = 0; sent < ATTEMPTS; sent += CONCURRENCY) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, ATTEMPTS - sent) }, (_, index) =>
        fetch(`${origin}/api/auth/verify-credentials`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": USER_AGENT, "x-forwarded-for": address },
          body: JSON.stringify({ email: emailOf(sent + index), password: `wrong-guess-${sent + index}` }),
        }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  return [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
}

async function scenario(title: string, address: string, emailOf: (attempt: number) => string, goal: number | null) {
  const before = await measure();
  const server = await startBuiltServer(PORT, dataDir, serverEnv);
  let answers: string;
  try {
    answers = await flood(server.origin, address, emailOf);
  } finally {
    await stopAndWait(server);
  }
  const after = await measure();
  const grown = after.bytes - before.bytes;
  const judged = goal === null ? "(no goal: for comparison)" : `goal < ${goal / 1024} KB: ${verdict(grown < goal)}`;
  console.log(`\n${title}`);
  console.log(`  answers: ${answers}`);
  console.log(`  rows added: ${after.events - before.events} security events, ${after.counters - before.counters} sign-in counters`);
  console.log(`  database growth: ${(grown / 1024).toFixed(1)} KB   ${judged}`);
}

try {
  // A first start migrates the fresh database and loads the site's content; the measures start from there.
  await stopAndWait(await startBuiltServer(PORT, dataDir, serverEnv));
  console.log(`Sign-in flood: ${ATTEMPTS} attempts from one address, ${CONCURRENCY} at a time, 8 KB user agents`);
  await scenario(
    `${ATTEMPTS} sign-ins with 1 KB emails`,
    "198.51.100.10",
    (attempt) => `${String(attempt).padStart(1012, "a")}@example.com`,
    GOAL_BYTES,
  );
  await scenario(
    `${ATTEMPTS} sign-ins with 254-character emails, each a different account`,
    "198.51.100.11",
    // 64 characters before the @ and three labels of 61 after: as long as an address may be.
    (attempt) => `${String(attempt).padStart(64, "b")}@${["c", "d", "e"].map((letter) => letter.repeat(61)).join(".")}.com`,
    null,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
