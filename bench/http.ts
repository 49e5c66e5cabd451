/**
 * HTTP throughput of the server-rendered pages beside a static file served by the same server in the same run,
 * so the cost of rendering shows as a ratio. Loopback only, fixed duration, 20 connections (docs/speed.md).
 * Goal: GET / and GET /blog at least half the requests per second of the static file.
 * Run: npm run build && npm run bench:http   (BENCH_PORT chooses the port, 3201 by default)
 */
import autocannon from "autocannon";
import { loadAverage, printTable, type Row, verdict } from "./report";
import { startBuiltServer } from "./server";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const STATIC_RATIO_GOAL = 0.5;

async function measure(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { "accept-encoding": "gzip, br" },
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3201));
try {
  const staticPath = "/brand/logo.svg";
  const measured: { path: string; requestsPerSecond: number; p99: number; errors: number }[] = [];
  for (const path of [staticPath, "/", "/blog"]) {
    // Warm up caches and the JIT before measuring.
    for (let i = 0; i < 50; i++) await (await fetch(server.origin + path)).arrayBuffer();
    measured.push({ path, ...(await measure(server.origin + path)) });
  }
  const staticRate = measured[0]?.requestsPerSecond ?? 1;
  const rows: Row[] = measured.map((row) => {
    const ratio = row.requestsPerSecond / staticRate;
    return {
      path: row.path,
      "req/s": row.requestsPerSecond.toFixed(0),
      "p99 ms": String(row.p99),
      errors: String(row.errors),
      "vs static": `${ratio.toFixed(2)}x`,
      goal: row.path === staticPath ? "(the static file)" : `>= ${STATIC_RATIO_GOAL}x: ${verdict(ratio >= STATIC_RATIO_GOAL)}`,
    };
  });
  console.log(`\nHTTP: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, on ${server.origin}; load average ${loadAverage()}`);
  printTable(rows);
} finally {
  server.stop();
}
