/**
 * The projects API under load: GET /api/projects pages of 20 from 5,000 projects, as an admin (every
 * project), a staff member (those they manage or are on the team of) and a client (their own), at 20
 * connections, beside the goals of docs/speed.md; then the time to take one 12-megapixel phone photo through
 * POST /api/projects/:id/images. Built server, fresh embedded database, loopback only.
 * Run: npm run build && npm run bench:projects
 * On PostgreSQL: BENCH_DATABASE_URL=postgres://…/<a database kept for benchmarks> (it is emptied first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { milestones, projects, projectTeam, users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/modules/auth/passwords";
import { projectCategories, projectStatuses } from "../src/shared/projects";
import { measureGets, readEachOnce, signIn } from "./api-load";
import { benchPerson, openFreshBenchDatabase } from "./bench-database";
import { loadAverage, printTable, verdict } from "./report";
import { startBuiltServer } from "./server";

const PROJECTS = 5_000;
const CLIENTS = 250;
const STAFF = 40;
const MILESTONES_PER_PROJECT = 4;
const PAGE_SIZE = 20;
const SECONDS = 10;
const CONNECTIONS = 20;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
// docs/speed.md: at 20 connections, >= 500 req/s with p99 <= 50 ms on PostgreSQL, >= 250 req/s on PGlite.
const GOAL = DATABASE_URL ? { requestsPerSecond: 500, p99: 50 } : { requestsPerSecond: 250, p99: Number.POSITIVE_INFINITY };
/** The staff member measured: the first one (HR, so reading only what they manage or are on the team of). */
const STAFF_EMAIL = "staff-0@crestbuild.ng";
const PASSWORD = "Bench-password-2026";
const ADMIN_EMAIL = "bench-admin@crestbuild.ng";
/** The client measured: the first one, with PROJECTS / CLIENTS projects. */
const CLIENT_EMAIL = "client-0@bench.example";

/** Fills a fresh database: people, 5,000 projects spread over clients, managers and teams, with milestones. */
async function seed(dataDir: string) {
  const database = await openFreshBenchDatabase(dataDir, DATABASE_URL);
  try {
    const person = benchPerson(await hashPassword(PASSWORD));
    const now = new Date();
    await database.db.insert(users).values(person(ADMIN_EMAIL, "admin", "Admin", 0));
    const clients = await database.db
      .insert(users)
      .values(Array.from({ length: CLIENTS }, (_, i) => person(`client-${i}@bench.example`, "user", "General Users", i)))
      .returning({ id: users.id });
    const staff = await database.db
      .insert(users)
      .values(Array.from({ length: STAFF }, (_, i) => person(`staff-${i}@crestbuild.ng`, "staff", i % 2 ? "Projects" : "HR", i)))
      .returning({ id: users.id });
    const cities = ["Abuja", "Lagos", "Kano", "Port Harcourt", "Enugu", "Kaduna", "Jos", "Accra"];
    for (let start = 0; start < PROJECTS; start += 500) {
      await database.db.transaction(async (tx) => {
        const batch = Array.from({ length: Math.min(500, PROJECTS - start) }, (_, offset) => {
          const i = start + offset;
          return {
            slug: `bench-project-${i}`,
            reference: `CB-2025-${String(i + 1).padStart(4, "0")}`,
            title: `${cities[i % cities.length]} ${["Duplex", "Office Block", "Road", "School", "Clinic"][i % 5]} ${i}`,
            category: projectCategories[i % projectCategories.length] ?? "residential",
            status: projectStatuses[i % projectStatuses.length] ?? "planning",
            progress: i % 101,
            description: "Seeded for the benchmark.",
            city: cities[i % cities.length] ?? "Abuja",
            state: "FCT",
            country: "Nigeria",
            targetCompletion: `2027-${String((i % 12) + 1).padStart(2, "0")}-15`,
            budgetKobo: (i + 1) * 1_000_000_00,
            spentKobo: (i + 1) * 600_000_00,
            clientId: clients[i % CLIENTS]?.id,
            managerId: staff[i % STAFF]?.id,
            updatedAt: new Date(now.getTime() - i * 60_000),
          };
        });
        const inserted = await tx.insert(projects).values(batch).returning({ id: projects.id });
        await tx.insert(projectTeam).values(
          inserted.flatMap((project, j) => [
            { projectId: project.id, userId: staff[(j + 7) % STAFF]?.id ?? "" },
            { projectId: project.id, userId: staff[(j + 13) % STAFF]?.id ?? "" },
          ]),
        );
        await tx.insert(milestones).values(
          inserted.flatMap((project, j) =>
            Array.from({ length: MILESTONES_PER_PROJECT }, (_, k) => ({
              projectId: project.id,
              title: ["Foundations", "Frame", "Roof", "Finishes"][k] ?? "Stage",
              dueDate: `2026-${String(((j + k) % 12) + 1).padStart(2, "0")}-01`,
              doneOn: k < j % MILESTONES_PER_PROJECT ? "2026-01-01" : null,
              weight: k + 1,
              position: k,
            })),
          ),
        );
      });
    }
    // Statistics and the visibility map as a live database has them (autovacuum would within minutes): index-only
    // scans then skip the table.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * GET /api/projects as this person, walking through every page of their list, for SECONDS; first one pass through
 * every page at the same 20 connections, as a server that has been up has seen (its JIT and its list cache warm):
 * that pass reads every page from the database, and its rate is printed too.
 */
async function measureList(origin: string, token: string) {
  const first = (await (await fetch(`${origin}/api/projects?page=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { total: number };
  };
  const pages = Math.max(1, Math.ceil(first.data.total / PAGE_SIZE));
  const pathOf = (n: number) => `/api/projects?page=${(n % pages) + 1}`;
  const firstPass = await readEachOnce(
    origin,
    token,
    CONNECTIONS,
    Array.from({ length: pages }, (_, n) => pathOf(n)),
  );
  const figures = await measureGets(origin, token, { connections: CONNECTIONS, seconds: SECONDS, pathOf });
  return { total: first.data.total, pages, firstPass, ...figures };
}

/** A phone photo's worth of pixels: 4000 x 3000 with sensor-like noise (about 4 MB of JPEG) and GPS in its EXIF. */
function twelveMegapixelPhoto() {
  return sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 0/1" },
    })
    .toBuffer();
}

async function timeUpload(origin: string, token: string, projectId: number, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "site.jpg");
  const started = performance.now();
  const response = await fetch(`${origin}/api/projects/${projectId}/images`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`the upload answered ${response.status}`);
  return performance.now() - started;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-projects-bench-"));
const seedStarted = performance.now();
await seed(dataDir);
console.log(
  `\nSeeded ${PROJECTS} projects (${CLIENTS} clients, ${STAFF} staff, ${MILESTONES_PER_PROJECT} milestones each) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

if (DATABASE_URL) process.env.DATABASE_URL = DATABASE_URL;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3205), dataDir);
try {
  const adminToken = await signIn(server.origin, ADMIN_EMAIL, PASSWORD);
  const clientToken = await signIn(server.origin, CLIENT_EMAIL, PASSWORD);
  const staffToken = await signIn(server.origin, STAFF_EMAIL, PASSWORD);
  const measured = [
    { who: "admin", ...(await measureList(server.origin, adminToken)) },
    { who: "staff", ...(await measureList(server.origin, staffToken)) },
    { who: "client", ...(await measureList(server.origin, clientToken)) },
  ];
  console.log(
    `\nGET /api/projects?page=N (pages of ${PAGE_SIZE}) on ${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${CONNECTIONS} connections, ${SECONDS} s each, on ${server.origin}; load average ${loadAverage()}`,
  );
  printTable(
    measured.map((row) => ({
      caller: row.who,
      projects: String(row.total),
      pages: String(row.pages),
      "req/s": row.requestsPerSecond.toFixed(0),
      "p99 ms": String(row.p99),
      errors: String(row.errors),
      "first pass req/s": row.firstPass.toFixed(0),
      goal:
        row.who === "client"
          ? "(no goal)"
          : `>= ${GOAL.requestsPerSecond} req/s${DATABASE_URL ? `, p99 <= ${GOAL.p99} ms` : ""}: ${verdict(row.requestsPerSecond >= GOAL.requestsPerSecond && row.p99 <= GOAL.p99)}`,
    })),
  );
  const floor = await measureGets(server.origin, adminToken, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    pathOf: () => "/api/auth/profile",
  });
  console.log(
    `for comparison, GET /api/auth/profile (admin): ${floor.requestsPerSecond.toFixed(0)} req/s, p99 ${floor.p99} ms, ${floor.errors} errors`,
  );

  const photo = await twelveMegapixelPhoto();
  const uploads: number[] = [];
  await timeUpload(server.origin, adminToken, 1, photo); // warm-up
  for (let i = 0; i < 3; i++) uploads.push(await timeUpload(server.origin, adminToken, 1, photo));
  uploads.sort((a, b) => a - b);
  console.log(
    `\nOne 4000x3000 JPEG (${(photo.length / 1_048_576).toFixed(1)} MiB) through POST /api/projects/:id/images (check, strip EXIF/GPS, 400 px + 1600 px WebP, store, record):`,
  );
  console.log(`median ${uploads[1]?.toFixed(0)} ms (runs: ${uploads.map((ms) => ms.toFixed(0)).join(", ")} ms)`);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
