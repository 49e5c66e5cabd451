/**
 * Sign-in and refresh throughput and p99 against the built server on a fresh embedded database.
 * Sign-in is bounded by argon2id by design; its cost parameters are printed beside the figures.
 * Run: npm run build && npm run bench:auth
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PASSWORD_HASH_PARAMS } from "../src/server/modules/auth/passwords";
import { startBuiltServer } from "./server";

const SECONDS = 10;
const WORKERS = 4;
const EMAIL = "bench-admin@crestbuild.ng";
const PASSWORD = "Bench-password-2026";

async function post(origin: string, route: string, body: unknown) {
  const response = await fetch(`${origin}/api${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { refreshToken: string } };
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return json.data;
}

/** Runs `step` in WORKERS loops for SECONDS and returns requests per second and p99 latency. */
async function measure(step: (worker: number) => Promise<void>) {
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (Date.now() < end) {
        const started = performance.now();
        await step(worker);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, count: latencies.length };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-auth-bench-"));
const created = spawnSync(
  process.execPath,
  ["dist/server/create-admin.js", "--email", EMAIL, "--first-name", "Bench", "--last-name", "Admin", "--password", PASSWORD],
  {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  },
);
if (created.status !== 0) throw new Error(created.stderr);

const server = await startBuiltServer(3204, dataDir);
try {
  const signIn = await measure(async () => {
    await post(server.origin, "/auth/login", { email: EMAIL, password: PASSWORD });
  });
  // Each worker follows its own session: every refresh hands back the next token.
  const tokens = await Promise.all(
    Array.from(
      { length: WORKERS },
      async () => (await post(server.origin, "/auth/login", { email: EMAIL, password: PASSWORD })).refreshToken,
    ),
  );
  const refresh = await measure(async (worker) => {
    tokens[worker] = (await post(server.origin, "/auth/refresh", { refreshToken: tokens[worker] })).refreshToken;
  });
  console.log(`\nAuth benchmark: ${WORKERS} concurrent clients, ${SECONDS} s each, on ${server.origin}`);
  console.log(
    `argon2id: memory ${PASSWORD_HASH_PARAMS.memoryCost} KiB, ${PASSWORD_HASH_PARAMS.timeCost} passes, parallelism ${PASSWORD_HASH_PARAMS.parallelism}`,
  );
  console.log("operation      req/s    p99 ms   requests");
  for (const [name, result] of [
    ["sign-in", signIn],
    ["refresh", refresh],
  ] as const) {
    console.log(
      `${name.padEnd(12)} ${result.perSecond.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(9)} ${String(result.count).padStart(10)}`,
    );
  }
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
