/**
 * HTTP throughput of the server-rendered pages beside a static file served by the same server,
 * so the cost of rendering shows as a ratio. Loopback only, fixed duration.
 * Run: npm run build && npm run bench:http
 */
import autocannon from "autocannon";
import { startBuiltServer } from "./server";

const DURATION_SECONDS = 10;
const CONNECTIONS = 10;

async function measure(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { "accept-encoding": "gzip, br" },
  });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const server = await startBuiltServer(3201);
try {
  const staticPath = "/brand/logo.svg";
  const rows: { path: string; requestsPerSecond: number; p99: number; errors: number }[] = [];
  for (const path of [staticPath, "/", "/blog"]) {
    // Warm up caches and the JIT before measuring.
    for (let i = 0; i < 50; i++) await (await fetch(server.origin + path)).arrayBuffer();
    rows.push({ path, ...(await measure(server.origin + path)) });
  }
  const staticRate = rows[0]?.requestsPerSecond ?? 1;
  console.log(`\nHTTP benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, on ${server.origin}`);
  console.log("path                req/s      p99 ms   errors   vs static file");
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(18)} ${row.requestsPerSecond.toFixed(0).padStart(7)} ${String(row.p99).padStart(10)} ${String(row.errors).padStart(8)}   ${(row.requestsPerSecond / staticRate).toFixed(3)}x`,
    );
  }
} finally {
  server.stop();
}
