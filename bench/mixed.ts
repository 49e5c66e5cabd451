/**
 * Mixed load on the built server: public pages, sign-in, the project list, messages and photo uploads at rising
 * concurrency; prints requests per second, p50 and p99, errors and the servers' memory. `--instances 2` runs two
 * instances behind a small round-robin proxy (bench/proxy.ts); that needs PostgreSQL (BENCH_DATABASE_URL), and uses
 * Redis when BENCH_REDIS_URL is set. With `--soak-minutes N`, one fixed concurrency for N minutes, printing the
 * memory at the start and the end (goal: no growth over 10 %), both as the resident size and as the JavaScript heap
 * after a garbage collection (bench/memory-probe.mjs).
 * On the embedded database by default; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (emptied first).
 * Run: npm run build && npm run bench:mixed [-- --seconds 10] [-- --instances 2] [-- --soak-minutes 10]
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { startRoundRobinProxy } from "./proxy";
import { loadAverage, verdict } from "./report";
import { startBuiltServer } from "./server";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, "soak-minutes": { type: "string" }, instances: { type: "string", default: "1" } },
});
const SECONDS = Number(values.seconds);
const SOAK_MINUTES = values["soak-minutes"] ? Number(values["soak-minutes"]) : null;
const INSTANCES = Number(values.instances);
const LEVELS = [2, 8, 16];
const EMAIL = "bench-admin@crestbuild.ng";
const PASSWORD = "Bench-password-2026";
// The proxy on BENCH_PORT, the instances on the next ports.
const PORT = Number(process.env.BENCH_PORT ?? 3205);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error("--instances is 1 or 2");
if (INSTANCES > 1 && !DATABASE_URL) throw new Error("two instances share one PostgreSQL database: set BENCH_DATABASE_URL");

if (DATABASE_URL) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
}
const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-mixed-bench-"));
const env: Record<string, string> = {
  ...(DATABASE_URL ? { DATABASE_URL } : {}),
  ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: `crestbuild-bench-${randomUUID()}:` } : {}),
  AUTH_SECRET: `${randomUUID()}${randomUUID()}`,
};
const created = spawnSync(
  process.execPath,
  ["dist/server/create-admin.js", "--email", EMAIL, "--first-name", "Bench", "--last-name", "Admin", "--password", PASSWORD],
  { env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, encoding: "utf8" },
);
if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);

const probeFile = (instance: number) => path.join(dataDir, `memory-${instance}.json`);
const servers: Awaited<ReturnType<typeof startBuiltServer>>[] = [];
/** What to stop at the end, the proxy first. */
const stops: (() => void)[] = [];
// Whatever fails from here on, the instances and the proxy are stopped.
try {
  for (let instance = 1; instance <= INSTANCES; instance++) {
    const behindProxy: Record<string, string> = INSTANCES > 1 ? { TRUST_PROXY: "1", PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}` } : {};
    servers.push(
      await startBuiltServer(PORT + instance, dataDir, { ...env, ...behindProxy, MEMORY_PROBE_FILE: probeFile(instance) }, [
        "--expose-gc",
        "--import",
        "./bench/memory-probe.mjs",
      ]),
    );
  }
  const proxy =
    INSTANCES > 1
      ? await startRoundRobinProxy(
          PORT,
          servers.map((_server, i) => PORT + i + 1),
        )
      : null;
  if (proxy) stops.push(proxy.close);
  const origin = proxy?.origin ?? servers[0]?.origin;

  async function request(pathName: string, init: RequestInit & { token?: string } = {}) {
    const response = await fetch(`${origin}${pathName}`, {
      ...init,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) },
    });
    await response.arrayBuffer();
    return response.status;
  }

  const signIn = async () => {
    const response = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
  };

  const token = await signIn();
  const projectResponse = await fetch(`${origin}/api/projects`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Bench Duplex",
      description: "A duplex for the benchmark.",
      category: "residential",
      city: "Abuja",
      status: "in_progress",
    }),
  });
  const projectId = ((await projectResponse.json()) as { data: { id: number } }).data.id;
  const conversationResponse = await fetch(`${origin}/api/conversations/project/${projectId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const conversationId = ((await conversationResponse.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#b45309" } })
    .jpeg()
    .toBuffer();

  /** One request of the mix, chosen by weight; answers its status. */
  const operations: [number, () => Promise<number>][] = [
    [35, () => request("/")],
    [3, () => signIn().then(() => 200)],
    [30, () => request("/api/projects", { token })],
    [25, () => request(`/api/conversations/${conversationId}/messages?limit=30`, { token })],
    [
      5,
      () =>
        request(`/api/conversations/${conversationId}/messages`, {
          token,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ body: "Bench message" }),
        }),
    ],
    [
      2,
      () => {
        const form = new FormData();
        form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "bench.jpg");
        return request(`/api/projects/${projectId}/images`, { token, method: "POST", body: form });
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);
  function pick(): () => Promise<number> {
    let draw = Math.random() * totalWeight;
    for (const [weight, operation] of operations) {
      draw -= weight;
      if (draw <= 0) return operation;
    }
    return operations[0]?.[1] ?? (async () => 0);
  }

  /**
   * Every instance's memory after a garbage collection, in MB, summed: resident, the JavaScript heap, and `external`
   * (memory V8 tracks outside its heap: Buffers, and the embedded database's WebAssembly memory).
   */
  async function serversMemoryMb(): Promise<{ rss: number; heap: number; external: number }> {
    let rss = 0;
    let heap = 0;
    let external = 0;
    for (const [index, server] of servers.entries()) {
      const file = probeFile(index + 1);
      const asked = Date.now();
      process.kill(server.pid, "SIGUSR2");
      let reading: { at: number; rss: number; heapUsed: number; external: number } | null = null;
      while (!reading || reading.at < asked) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reading = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
      }
      rss += reading.rss / 2 ** 20;
      heap += reading.heapUsed / 2 ** 20;
      external += reading.external / 2 ** 20;
    }
    return { rss, heap, external };
  }

  async function run(concurrency: number, seconds: number) {
    const latencies: number[] = [];
    let errors = 0;
    let limited = 0;
    // What the errors were (status, or 0 for no answer), so that a figure above zero can be read.
    const errorStatuses = new Map<number, number>();
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          const started = performance.now();
          const status = await pick()().catch(() => 0);
          latencies.push(performance.now() - started);
          if (status === 429) limited += 1;
          else if (status === 0 || status >= 400) {
            errors += 1;
            errorStatuses.set(status, (errorStatuses.get(status) ?? 0) + 1);
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (share: number) => (latencies[Math.floor(latencies.length * share)] ?? 0).toFixed(0);
    const memory = await serversMemoryMb();
    return {
      rps: (latencies.length / seconds).toFixed(0),
      p50: at(0.5),
      p99: at(0.99),
      errors,
      errorStatuses: [...errorStatuses].map(([status, count]) => `${count}×${status}`).join(" "),
      limited,
      rss: memory.rss.toFixed(0),
      heap: memory.heap.toFixed(0),
    };
  }

  const where = `${DATABASE_URL ? "PostgreSQL" : "PGlite"}${REDIS_URL ? " + Redis" : ""}, ${INSTANCES === 1 ? "one instance" : `${INSTANCES} instances behind a round-robin proxy`}`;
  const growth = (before: number, after: number) => ((after - before) / before) * 100;
  if (SOAK_MINUTES) {
    await run(8, 5);
    const before = await serversMemoryMb();
    const described = (memory: { rss: number; heap: number; external: number }) =>
      `resident ${memory.rss.toFixed(0)} MB, heap after GC ${memory.heap.toFixed(0)} MB, external ${memory.external.toFixed(0)} MB`;
    console.log(`\nSoak: 8 concurrent clients for ${SOAK_MINUTES} min on ${where}; at start: ${described(before)}`);
    const result = await run(8, SOAK_MINUTES * 60);
    const after = await serversMemoryMb();
    const heapGrowth = growth(before.heap, after.heap);
    console.log(`at end: ${described(after)}`);
    console.log(
      `growth: resident ${growth(before.rss, after.rss).toFixed(1)} %, external ${growth(before.external, after.external).toFixed(1)} %, heap after GC ${heapGrowth.toFixed(1)} % (goal ≤ 10 %: ${verdict(heapGrowth <= 10)})`,
    );
    console.log(
      `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors} ${result.errorStatuses}, rate-limited ${result.limited}`,
    );
  } else {
    console.log(
      `\nMixed load on ${where}, ${SECONDS} s per level (35 % pages, 3 % sign-in, 30 % project list, 30 % messages, 2 % uploads); load average ${loadAverage()}`,
    );
    console.log("clients   req/s   p50 ms   p99 ms   errors   rate-limited   resident MB   heap after GC MB");
    for (const level of LEVELS) {
      const result = await run(level, SECONDS);
      console.log(
        `${String(level).padStart(7)} ${result.rps.padStart(7)} ${result.p50.padStart(8)} ${result.p99.padStart(8)} ${String(result.errors).padStart(8)} ${String(result.limited).padStart(14)} ${result.rss.padStart(13)} ${result.heap.padStart(18)}   ${result.errorStatuses}`,
      );
    }
  }
} finally {
  for (const stop of stops) stop();
  for (const server of servers) server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
