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
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../src/shared/auth";
import { measure as measureConcurrently } from "./measure";
import { verdict } from "./report";
import { startBuiltServer } from "./server";

const SECONDS = 10;
const WORKERS = 4;
const EMAIL = "bench-admin@crestbuild.ng";
const PASSWORD = "Bench-password-2026";

let requests = 0;
/**
 * Each request from its own address (behind the trusted proxy): the per-address sign-in limit would otherwise stop
 * the measurement after 300 sign-ins, and this measures throughput, not that limit (bench/sign-in-flood.ts does).
 */
const nextAddress = () => {
  requests += 1;
  return `198.18.${Math.floor(requests / 250) % 256}.${(requests % 250) + 1}`;
};

async function post(origin: string, route: string, body: unknown) {
  const response = await fetch(`${origin}/api${route}`, {
    method: "POST",
    // As an API client: the refresh token comes back in the body (README, accounts API).
    headers: { "content-type": "application/json", [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "x-forwarded-for": nextAddress() },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { refreshToken: string } };
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return json.data;
}

const measure = (step: (worker: number) => Promise<void>) => measureConcurrently(step, { seconds: SECONDS, workers: WORKERS });

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

const server = await startBuiltServer(3204, dataDir, { TRUST_PROXY: "1" });
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
  // Last, since it locks the account and the address for 15 minutes. An attacker's burst: 50 wrong passwords for one account at once. Every answer but a 429 cost one argon2id hash.
  const ATTACK = 50;
  const attackStarted = performance.now();
  const attack = await Promise.all(
    Array.from({ length: ATTACK }, (_, guess) =>
      fetch(`${server.origin}/api/auth/verify-credentials`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: EMAIL, password: `wrong-guess-${guess}` }),
      }).then((response) => response.status),
    ),
  );
  const attackMs = performance.now() - attackStarted;
  const hashed = attack.filter((status) => status !== 429).length;
  console.log(
    `${ATTACK} concurrent wrong sign-ins for one account: ${hashed} password hashes (goal ≤ 5: ${verdict(hashed <= 5)}), ${ATTACK - hashed} refused with 429, in ${attackMs.toFixed(0)} ms`,
  );
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
