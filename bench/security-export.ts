/**
 * The access log's CSV export streams with flat memory: the server's peak heap growth while one admin downloads
 * GET /api/admin/security/events.csv of 10,000 and then 100,000 events, in process on an embedded database.
 * Goal: 100,000 events cost no more heap than 10,000 do, give or take 8 MB (one batch of 500 rows at a time).
 * Run: npx tsx --expose-gc bench/security-export.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createAdmin } from "../src/server/modules/auth/create-admin";
import { loadAverage, printTable, verdict } from "./report";

const SLACK_MB = 8;
const EMAIL = "bench-export@crestbuild.ng";
const PASSWORD = "Bench-password-2026";

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-export-bench-"));
const database = await openDatabase({ dataDir: null });
await migrate(database.db);
await createAdmin(database.db, { email: EMAIL, firstName: "Bench", lastName: "Export", password: PASSWORD });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, PUBLIC_ORIGIN: "http://127.0.0.1" }),
  database,
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Downloads the export while sampling the heap; answers the peak growth over the heap before it, and the bytes read. */
async function exportPeak(token: string) {
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const response = await fetch(`${origin}/api/admin/security/events.csv`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.byteLength;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  clearInterval(sampler);
  return { growth: peak - before, bytes };
}

try {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const rows: Record<string, string>[] = [];
  let growthAt10k = 0;
  for (const total of [10_000, 100_000]) {
    const present = Number(
      ((await database.db.execute(sql`select count(*)::int as n from security_events`)) as unknown as { rows: { n: number }[] }).rows[0]
        ?.n ?? 0,
    );
    await database.db.execute(
      sql`insert into security_events (type, outcome, reason, email, ip_address, user_agent)
          select 'sign_in', 'failure', 'wrong_password', 'bench' || n || '@example.com', '192.0.2.' || (n % 250), 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0'
          from generate_series(1, ${total - present}) as n`,
    );
    const { growth, bytes } = await exportPeak(token);
    if (total === 10_000) growthAt10k = growth;
    const limit = growthAt10k + SLACK_MB * 1024 * 1024;
    const goal = total === 10_000 ? "(reference)" : `≤ ${megabytes(limit)} MB: ${verdict(growth <= limit)}`;
    rows.push({ events: total.toLocaleString("en"), "CSV MB": megabytes(bytes), "peak heap growth MB": megabytes(growth), goal });
  }
  console.log(`\nCSV export memory (load average ${loadAverage()})`);
  printTable(rows);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
