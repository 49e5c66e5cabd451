/**
 * The cost of checking, on every API request, that the caller's account is still active and its session open
 * (a blocked or deleted account is refused at once, docs/decisions/050-account-state-checked-per-request.md):
 * an authenticated GET beside a public GET that reads the database without it, on a fresh embedded database.
 * Run: npm run build && npm run bench:account-check
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { measure } from "./measure";
import { startBuiltServer } from "./server";

const SECONDS = 10;
const WORKERS = 4;
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const EMAIL = "bench-check@crestbuild.ng";
const PASSWORD = "Bench-password-2026";
/** The goal: the per-request check costs at most this share of a plain database read's throughput. */
const MAX_SLOWDOWN = 0.25;

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-check-bench-"));
const created = spawnSync(
  process.execPath,
  ["dist/server/create-admin.js", "--email", EMAIL, "--first-name", "Bench", "--last-name", "Check", "--password", PASSWORD],
  { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
);
if (created.status !== 0) throw new Error(created.stderr);

const server = await startBuiltServer(3205, dataDir);
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
  const summary = (name: keyof typeof totals) => ({
    perSecond: totals[name].count / SECONDS,
    p99: Math.max(...totals[name].latencies),
    count: totals[name].count,
  });
  const plain = summary("plain");
  const checked = summary("checked");
  const slowdown = 1 - checked.perSecond / plain.perSecond;
  console.log(
    `\nAccount check benchmark: ${WORKERS} concurrent clients, ${SECONDS} s each in ${ROUNDS} alternating rounds after a ${WARM_UP_SECONDS} s warm-up, on ${server.origin}`,
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
  console.log(`throughput lost to the check: ${(slowdown * 100).toFixed(0)} % (goal: at most ${MAX_SLOWDOWN * 100} %)`);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
