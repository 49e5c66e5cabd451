/**
 * Analytics under load: 1,000,000 stored page views and Web Vitals over the last 90 days (inserted with one
 * generate_series), 5,000 accounts with 50,000 sign-ins, 2,000 projects and 5,000 inquiries; the time of the
 * first roll-up (a 90-day catch-up), then each admin analytics endpoint for each timeframe (p99 beside the goal
 * of 50 ms), then the collector's requests per second. Built server, fresh database, loopback only.
 * Run: npm run build && npm run bench:analytics
 * On PostgreSQL: BENCH_DATABASE_URL=postgres://…/<a database kept for benchmarks> (it is emptied first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { rollUp } from "../src/server/modules/analytics/rollup";
import { createAdmin } from "../src/server/modules/auth/create-admin";
import { timeframes } from "../src/shared/analytics";
import { openFreshBenchDatabase } from "./bench-database";
import { loadAverage, printTable, verdict } from "./report";
import { startBuiltServer } from "./server";

const PAGE_VIEWS = 1_000_000;
const SECONDS = 4;
// One admin's screen at a time: the p99 is of one request, not of a queue (PGlite answers one query at a time).
const CONNECTIONS = 1;
const COLLECT_SECONDS = 10;
const COLLECT_CONNECTIONS = 20;
const P99_GOAL_MS = 50;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ADMIN = { email: "bench-admin@crestbuild.ng", firstName: "Amaka", lastName: "Obi", password: "Bench-password-2026" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Fills a fresh database in a few statements: every row is made by the database from generate_series. */
async function seed(dataDir: string) {
  const database = await openFreshBenchDatabase(dataDir, DATABASE_URL);
  try {
    const { db } = database;
    await createAdmin(db, ADMIN);
    let started = performance.now();
    // 80% page views over 12 pages, 20% Web Vitals; one view in five from another site; 50,000 visitors.
    await db.execute(sql`
      insert into page_views (kind, path, referrer, device, visitor, value, created_at)
      select kind, (array['/', '/about', '/services', '/services/residential', '/services/commercial', '/projects', '/contact',
               '/blog', '/blog/technology', '/blog/projects/a-post', '/blog/company-news', '/services/renovation'])[g % 12 + 1],
             case when kind = 'pageview' and g % 5 = 0 then (array['www.google.com', 'www.bing.com', 'x.com', 'www.linkedin.com'])[g % 4 + 1] end,
             (array['mobile', 'tablet', 'desktop'])[g % 3 + 1],
             md5((g % 50000)::text),
             case kind when 'pageview' then null when 'CLS' then (g % 30) / 100.0 else (g % 4000)::float end,
             now() - (g * 7.776) * interval '1 second'
      from (select g, case when g % 10 < 8 then 'pageview' else (array['LCP', 'INP', 'CLS', 'TTFB'])[g % 4 + 1] end as kind
            from generate_series(1, ${PAGE_VIEWS}) as g) as rows`);
    console.log(`\nInserted ${PAGE_VIEWS.toLocaleString("en")} page views and Web Vitals in ${seconds(started)} s`);
    started = performance.now();
    await db.execute(sql`
      insert into users (email, first_name, last_name, department, role, password_hash, created_at)
      select 'bench-' || g || '@example.ng', 'Bench', 'Person', (array['General Users', 'Projects', 'HR', 'Accounts'])[g % 4 + 1],
             (array['user', 'staff'])[g % 2 + 1], 'not-a-hash', now() - (g % 365) * interval '1 day'
      from generate_series(1, 5000) as g`);
    await db.execute(sql`
      insert into security_events (user_id, type, outcome, created_at)
      select id, 'sign_in', 'success', now() - ((r * 7 + n * 31) % 365) * interval '1 day'
      from (select id, row_number() over () as r from users) as people, generate_series(1, 10) as n`);
    await db.execute(sql`
      insert into projects (slug, reference, title, category, status, progress, description, city, country, start_date,
                            completed_on, budget_kobo, spent_kobo, created_at)
      select 'bench-' || g, 'CB-B-' || g, 'Bench project ' || g,
             (array['residential', 'commercial', 'infrastructure', 'renovation'])[g % 4 + 1],
             (array['planning', 'in_progress', 'completed', 'on_hold'])[g % 4 + 1], g % 101, 'Seeded.', 'Abuja', 'Nigeria',
             to_char(now() - (g % 365) * interval '1 day', 'YYYY-MM-DD'),
             case when g % 4 = 2 then to_char(now() - (g % 200) * interval '1 day', 'YYYY-MM-DD') end,
             g * 1000000, g * 600000, now() - (g % 365) * interval '1 day'
      from generate_series(1, 2000) as g`);
    await db.execute(sql`
      insert into contact_inquiries (name, email, subject, message, created_at)
      select 'Visitor', 'visitor@example.ng', 'A building', 'Please call.', now() - (g % 365) * interval '1 day'
      from generate_series(1, 5000) as g`);
    console.log(`Inserted 5,000 accounts, 50,000 sign-ins, 2,000 projects and 5,000 inquiries in ${seconds(started)} s`);
    started = performance.now();
    const days = await rollUp(db);
    console.log(`First roll-up: ${days.length} days caught up in ${seconds(started)} s`);
    started = performance.now();
    await rollUp(db);
    console.log(`A roll-up at the timer (today again): ${seconds(started)} s`);
    // The planner's statistics, as autovacuum would have gathered them on a server that had filled up over days.
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`the admin's sign-in answered ${response.status}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function measureEndpoint(origin: string, token: string, url: string) {
  const result = await autocannon({
    url: `${origin}${url}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, br" },
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** POST /api/analytics/collect as many visitors (one address each, through the one trusted proxy hop). */
async function measureCollector(origin: string) {
  let visitor = 0;
  const body = JSON.stringify({ kind: "pageview", path: "/services", width: 390, referrer: "https://www.google.com/" });
  const result = await autocannon({
    url: `${origin}/api/analytics/collect`,
    method: "POST",
    connections: COLLECT_CONNECTIONS,
    duration: COLLECT_SECONDS,
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER },
    body,
    requests: [
      {
        setupRequest: (request) => {
          visitor++;
          const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
          return { ...request, headers: { ...request.headers, "x-forwarded-for": address } };
        },
      },
    ],
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-analytics-bench-"));
await seed(dataDir);
if (DATABASE_URL) process.env.DATABASE_URL = DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3206);
const server = await startBuiltServer(port, dataDir, { TRUST_PROXY: "1" });
try {
  const token = await signIn(server.origin);
  const rows = [];
  for (const report of ["users", "projects", "site"]) {
    for (const timeframe of timeframes) {
      const url = `/api/admin/analytics/${report}?timeframe=${timeframe}`;
      const measured = await measureEndpoint(server.origin, token, url);
      rows.push({
        endpoint: url,
        "req/s": measured.requestsPerSecond.toFixed(0),
        "p99 ms": String(measured.p99),
        errors: String(measured.errors),
        goal: `p99 <= ${P99_GOAL_MS} ms: ${verdict(measured.p99 <= P99_GOAL_MS && measured.errors === 0)}`,
      });
    }
  }
  console.log(
    `\nAnalytics endpoints over ${PAGE_VIEWS.toLocaleString("en")} stored page views on ${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${CONNECTIONS} connections, ${SECONDS} s each; load average ${loadAverage()}`,
  );
  printTable(rows);
  const collector = await measureCollector(server.origin);
  console.log(
    `\nPOST /api/analytics/collect (one stored page view each, a new visitor address each): ${COLLECT_CONNECTIONS} connections, ${COLLECT_SECONDS} s; load average ${loadAverage()}`,
  );
  printTable([
    {
      "req/s": collector.requestsPerSecond.toFixed(0),
      "p99 ms": String(collector.p99),
      errors: String(collector.errors),
      goal: "printed (no goal set)",
    },
  ]);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
