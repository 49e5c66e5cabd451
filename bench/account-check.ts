/**
 * The cost of checking, on every API request, that the caller's account is still active and its session open
 * (a blocked or deleted account is refused at once, docs/decisions/050-account-state-checked-per-request.md):
 * an authenticated GET beside a public GET that reads the database without it. The goal is judged on PostgreSQL,
 * the production database (BENCH_DATABASE_URL, emptied first); the embedded database's figure is printed beside it
 * (docs/decisions/152-account-check-judged-on-postgresql.md).
 * Run: npm run build && BENCH_DATABASE_URL=postgres://…/<a database kept for benchmarks> npm run bench:account-check
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { measure } from "./measure";
import { loadAverage, verdict } from "./report";
import { startBuiltServer } from "./server";

const SECONDS = 10;
const WORKERS = 4;
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const EMAIL = "bench-check@crestbuild.ng";
const PASSWORD = "Bench-password-2026";
/** The goal: the per-request check costs at most this share of a plain database read's throughput, on PostgreSQL. */
const MAX_SLOWDOWN = 0.25;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

type Figure = { perSecond: number; p99: number; count: number };

/** The two routes on a fresh server of this database, warmed up, then in alternating rounds. */
async function measureOn(database: { databaseUrl?: string }): Promise<{ plain: Figure; checked: Figure; origin: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-check-bench-"));
  const env: Record<string, string> = database.databaseUrl
    ? { DATABASE_URL: database.databaseUrl, AUTH_SECRET: randomBytes(32).toString("hex") }
    : {};
  if (database.databaseUrl) {
    const emptied = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    await emptied.db.execute(sql.raw("drop schema public cascade; create schema public"));
    await emptied.close();
  }
  const created = spawnSync(
    process.execPath,
    ["dist/server/create-admin.js", "--email", EMAIL, "--first-name", "Bench", "--last-name", "Check", "--password", PASSWORD],
    { env: { ...process.env, ...env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(created.stderr);
  const server = await startBuiltServer(3205, dataDir, env);
  try {
    const login = await fetch(`${server.origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const { data } = (await login.json()) as { data: { accessToken: string } };
    const get =
      (route: string, headers: Record<string, string> = {}) =>
      async () => {
        const response = await fetch(`${server.origin}/api${route}`, { headers });
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        await response.arrayBuffer();
      };
    const routes = { plain: get("/content/about"), checked: get("/auth/profile", { authorization: `Bearer ${data.accessToken}` }) };
    // Both routes warm up first, then run in alternating rounds: whichever ran first was slower while the JIT and the
    // database warmed, which moved the figure by 30 points between runs.
    for (const route of Object.values(routes)) await measure(route, { seconds: WARM_UP_SECONDS, workers: WORKERS });
    const totals = { plain: { count: 0, latencies: [] as number[] }, checked: { count: 0, latencies: [] as number[] } };
    for (let round = 0; round < ROUNDS; round++)
      for (const name of ["plain", "checked"] as const) {
        const result = await measure(routes[name], { seconds: SECONDS / ROUNDS, workers: WORKERS });
        totals[name].count += result.count;
        totals[name].latencies.push(result.p99);
      }
    const summary = (name: keyof typeof totals): Figure => ({
      perSecond: totals[name].count / SECONDS,
      p99: Math.max(...totals[name].latencies),
      count: totals[name].count,
    });
    return { plain: summary("plain"), checked: summary("checked"), origin: server.origin };
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(database: string, { plain, checked, origin }: Awaited<ReturnType<typeof measureOn>>): number {
  console.log(
    `\n${database}: ${WORKERS} concurrent clients, ${SECONDS} s each in ${ROUNDS} alternating rounds after a ${WARM_UP_SECONDS} s warm-up, on ${origin}; load average ${loadAverage()}`,
  );
  console.log("request                                   req/s    p99 ms   requests");
  for (const [name, result] of [
    ["GET /api/content/about (public, one read)", plain],
    ["GET /api/auth/profile (account checked)", checked],
  ] as const) {
    console.log(
      `${name.padEnd(40)} ${result.perSecond.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(9)} ${String(result.count).padStart(10)}`,
    );
  }
  console.log("(p99: the worst of the rounds)");
  return 1 - checked.perSecond / plain.perSecond;
}

const embedded = print("Embedded database (PGlite, one connection)", await measureOn({}));
console.log(
  `throughput lost to the check: ${(embedded * 100).toFixed(0)} % (printed: one query costs 130 µs or more on this connection, the check as much as the read it guards)`,
);
if (DATABASE_URL) {
  const production = print("PostgreSQL (production)", await measureOn({ databaseUrl: DATABASE_URL }));
  const met = production <= MAX_SLOWDOWN;
  console.log(`throughput lost to the check: ${(production * 100).toFixed(0)} % (goal: at most ${MAX_SLOWDOWN * 100} %: ${verdict(met)})`);
} else {
  console.log(`The goal (at most ${MAX_SLOWDOWN * 100} %) is judged on PostgreSQL: set BENCH_DATABASE_URL=postgres://…`);
}
