/**
 * A 50 MB video sent with tus-js-client to the built server (npm run build first) through a link that drops at 20 MB
 * and at 40 MB: prints the bytes the phone sent beside the goal (≤ 60 MB: resumed, not restarted) and whether the
 * stored file's SHA-256 is the one sent. Exits non-zero on a miss, or after 2 minutes. On PGlite in a temporary
 * folder, or the PostgreSQL of BENCH_DATABASE_URL. Run: npm run bench:resumable-upload
 */
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Upload } from "tus-js-client";
import { startTcpProxy } from "../src/server/testing/tcp-proxy";
import { loadAverage, printTable, verdict } from "./report";
import { startSeededServer } from "./seeded-server";

const MB = 1024 * 1024;
const FILE_BYTES = 50 * MB;
const DROPS_AT = [20 * MB, 40 * MB];
const GOAL_BYTES = 60 * MB;
const TIME_LIMIT_MS = 120_000;
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const ADMIN = "bench-admin@crestbuild.ng";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const timeLimit = setTimeout(() => {
  console.error(`The upload did not finish within ${TIME_LIMIT_MS / 1000} s.`);
  process.exit(1);
}, TIME_LIMIT_MS);

const server = await startSeededServer(PORT, [{ email: ADMIN, role: "admin", department: "Admin" }]);
const proxy = await startTcpProxy({ host: "127.0.0.1", port: PORT });
try {
  const auth = { authorization: `Bearer ${server.account(ADMIN).token}` };
  const created = await fetch(`${server.origin}/api/projects`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ title: "Resumable bench", description: "A house.", category: "residential", city: "Abuja", state: "FCT" }),
  });
  if (created.status !== 201) throw new Error(`the project was not created: ${created.status} ${await created.text()}`);
  const projectId = String(((await created.json()) as { data: { id: number } }).data.id);

  const video = randomBytes(FILE_BYTES);
  for (const at of DROPS_AT) proxy.dropAt(at);
  const started = performance.now();
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(video, {
      endpoint: `http://127.0.0.1:${proxy.port}/api/uploads`,
      headers: auth,
      metadata: { projectId, kind: "video", filename: "walkround.mp4", filetype: "video/mp4" },
      retryDelays: [0, 100, 500, 1000],
      onSuccess: () => resolve(upload.url ?? ""),
      onError: reject,
    });
    upload.start();
  });
  const seconds = (performance.now() - started) / 1000;
  const stored = await readFile(path.join(server.dataDir, "resumable", uploadUrl.split("/").pop() ?? ""));
  const intact = sha256(stored) === sha256(video);
  const sent = proxy.receivedBytes();
  const dropped = DROPS_AT.length - proxy.dropsPending();
  const met = intact && sent <= GOAL_BYTES && dropped === DROPS_AT.length;
  console.log(`\nResumable upload on ${server.database}; load average ${loadAverage()}`);
  printTable([
    {
      upload: `${FILE_BYTES / MB} MB, link dropped ${dropped} times (at ${DROPS_AT.map((at) => at / MB).join(" and ")} MB)`,
      sent: `${(sent / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
      "SHA-256": intact ? "intact" : "DIFFERS",
      goal: `sent <= ${GOAL_BYTES / MB} MB, SHA-256 intact: ${verdict(met)}`,
    },
  ]);
} finally {
  clearTimeout(timeLimit);
  await proxy.close();
  server.stop();
}
