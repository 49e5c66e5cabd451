/**
 * The time to verify a project's evidence chain of 10,000 entries, 1,000 of them photos whose kept originals (150 KB
 * each) are hashed again, beside its goal (docs/speed.md). On PGlite in a temporary folder, or the PostgreSQL of
 * BENCH_DATABASE_URL. Run: npm run bench:evidence
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projects } from "../src/server/db/schema";
import { createEvidenceLog } from "../src/server/modules/projects/evidence/log";
import { createDiskStore } from "../src/server/platform/storage";
import { openFreshBenchDatabase } from "./bench-database";
import { loadAverage, printTable, verdict } from "./report";

const ENTRIES = 10_000;
const PHOTO_EVERY = 10;
const ORIGINAL_BYTES = 150 * 1024;
const GOAL_MS = 2_000;
const RUNS = 3;

const folder = mkdtempSync(path.join(tmpdir(), "crestbuild-evidence-bench-"));
const database = await openFreshBenchDatabase(path.join(folder, "db"), process.env.BENCH_DATABASE_URL);
try {
  const originals = createDiskStore(path.join(folder, "originals"));
  const log = createEvidenceLog(database.db, originals);
  const [project] = await database.db
    .insert(projects)
    .values({
      slug: "evidence-bench",
      reference: "EV-2026-0001",
      title: "Evidence bench",
      category: "residential",
      description: "A house.",
      city: "Abuja",
      country: "Nigeria",
    })
    .returning({ id: projects.id });
  if (!project) throw new Error("no project");

  const seeded = performance.now();
  for (let start = 0; start < ENTRIES; start += 500) {
    await database.db.transaction(async (tx) => {
      for (let index = start; index < Math.min(start + 500, ENTRIES); index += 1) {
        if (index % PHOTO_EVERY === 0) {
          const bytes = randomBytes(ORIGINAL_BYTES);
          const key = `evidence/${project.id}/${index}`;
          await originals.put(key, bytes);
          const content = {
            photoId: index,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            originalKey: key,
            verdict: "verified",
          };
          await log.append(tx, { projectId: project.id, kind: "photo_added", subjectId: index, content, recordedById: null });
        } else {
          await log.append(tx, {
            projectId: project.id,
            kind: "diary_entry",
            subjectId: index,
            content: { body: `Day ${index}: blockwork.` },
            recordedById: null,
          });
        }
      }
    });
  }
  console.log(
    `Seeded ${ENTRIES.toLocaleString("en")} entries (${ENTRIES / PHOTO_EVERY} photos of ${ORIGINAL_BYTES / 1024} KB) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const check = await log.verify(project.id);
    times.push(performance.now() - started);
    if (!check.intact || check.entries !== ENTRIES) throw new Error(`the chain did not verify: ${JSON.stringify(check)}`);
  }
  const worst = Math.max(...times);
  console.log(`\nEvidence chain on ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}; load average ${loadAverage()}`);
  printTable([
    {
      check: `verify ${ENTRIES.toLocaleString("en")} entries and ${ENTRIES / PHOTO_EVERY} originals`,
      runs: times.map((time) => `${Math.round(time)} ms`).join(", "),
      goal: `worst <= ${GOAL_MS} ms: ${verdict(worst <= GOAL_MS)}`,
    },
  ]);
} finally {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
}
