/**
 * The time to make a project's weekly report (a PDF) with 20 verified photos, through POST /api/projects/:id/reports,
 * and the PDF's size, beside their goals (docs/speed.md). Built server, fresh embedded database (or the PostgreSQL of
 * BENCH_DATABASE_URL, emptied first), loopback only.
 * Run: npm run build && npm run bench:report
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/modules/auth/passwords";
import { api } from "./api";
import { signIn } from "./api-load";
import { benchPerson, openFreshBenchDatabase } from "./bench-database";
import { loadAverage, printTable, verdict } from "./report";
import { startBuiltServer } from "./server";

const PHOTOS = 20;
/** Photos per upload: each sends six form fields, and a form holds at most 20. */
const PER_UPLOAD = 3;
const RUNS = 3;
const GOAL_MS = 10_000;
const GOAL_BYTES = 2 * 1024 * 1024;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PASSWORD = "Bench-password-2026";
const ADMIN_EMAIL = "bench-admin@crestbuild.ng";
const CLIENT_EMAIL = "bench-client@bench.example";
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };

/**
 * A 3-megapixel phone photo: coarse noise (grains of about 8 px) over a colour, detail that survives the 400 px
 * thumbnail, so the report's pictures weigh more than a building site's would.
 */
async function phonePhoto(index: number) {
  const grains = await sharp({
    create: {
      width: 250,
      height: 188,
      channels: 3,
      background: `hsl(${index * 17}, 40%, 45%)`,
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grains).resize(2000, 1500, { kernel: "cubic" }).jpeg({ quality: 85 }).toBuffer();
}

/** The photos, through the real upload route, as the portal's camera on the site: each verified. */
async function uploadPhotos(origin: string, token: string, projectId: number) {
  for (let first = 0; first < PHOTOS; first += PER_UPLOAD) {
    const form = new FormData();
    for (let index = first; index < Math.min(first + PER_UPLOAD, PHOTOS); index += 1) {
      form.append("caption", `Blockwork, course ${index + 1}`);
      form.append("source", "camera");
      form.append("capturedAt", new Date(Date.now() - 60_000).toISOString());
      form.append("latitude", "9.08275");
      form.append("longitude", "7.49515");
      form.append("accuracyMetres", "12");
      form.append("images", new Blob([new Uint8Array(await phonePhoto(index))], { type: "image/jpeg" }), `wall-${index}.jpg`);
    }
    const response = await fetch(`${origin}/api/projects/${projectId}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${await response.text()}`);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-report-bench-"));
const seeded = await openFreshBenchDatabase(dataDir, DATABASE_URL);
try {
  const person = benchPerson(await hashPassword(PASSWORD));
  await seeded.db.insert(users).values([person(ADMIN_EMAIL, "admin", "Admin", 0), person(CLIENT_EMAIL, "user", "General Users", 1)]);
} finally {
  await seeded.close();
}
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3207), dataDir);
try {
  const token = await signIn(server.origin, ADMIN_EMAIL, PASSWORD);
  const clients = (await api(server.origin, token, "/projects/clients", { method: "GET" })) as unknown as { clients: { id: string }[] };
  const project = await api(server.origin, token, "/projects", {
    method: "POST",
    body: {
      title: "Report Bench Duplex",
      description: "A duplex.",
      category: "residential",
      city: "Abuja",
      status: "in_progress",
      clientId: clients.clients[0]?.id,
    },
  });
  const projectId = Number(project.id);
  await api(server.origin, token, `/projects/${projectId}`, { method: "PUT", body: { site: SITE, progress: 45 } });
  await uploadPhotos(server.origin, token, projectId);

  const runs: { ms: number; bytes: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const report = await api(server.origin, token, `/projects/${projectId}/reports`, { method: "POST", body: {} });
    runs.push({ ms: performance.now() - started, bytes: Number(report.sizeBytes) });
  }
  const worst = Math.max(...runs.map((run) => run.ms));
  const largest = Math.max(...runs.map((run) => run.bytes));
  console.log(
    `\nPOST /api/projects/:id/reports with ${PHOTOS} verified photos on ${DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${RUNS} runs; load average ${loadAverage()}`,
  );
  printTable([
    {
      figure: "time to make the report (worst run)",
      measured: `${(worst / 1000).toFixed(2)} s (runs: ${runs.map((run) => (run.ms / 1000).toFixed(2)).join(", ")} s)`,
      goal: `<= ${GOAL_MS / 1000} s: ${verdict(worst <= GOAL_MS)}`,
    },
    {
      figure: "PDF size",
      measured: `${(largest / 1024).toFixed(0)} KB`,
      goal: `<= ${GOAL_BYTES / 1_048_576} MB: ${verdict(largest <= GOAL_BYTES)}`,
    },
  ]);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
