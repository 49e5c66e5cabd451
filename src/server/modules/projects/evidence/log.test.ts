import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceEntries, projects } from "../../../db/schema.js";
import { createDiskStore } from "../../../platform/storage.js";
import { testDatabase } from "../../../testing/test-app.js";
import { createEvidenceLog } from "./log.js";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("a project's evidence log in the database", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "evidence-"));
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function newProject() {
    const { db } = await testDatabase();
    const suffix = crypto.randomUUID().slice(0, 8);
    const [row] = await db
      .insert(projects)
      .values({
        slug: `evidence-${suffix}`,
        reference: `EV-${suffix}`,
        title: "Evidence house",
        category: "residential",
        description: "A house.",
        city: "Abuja",
        country: "Nigeria",
      })
      .returning({ id: projects.id });
    if (!row) throw new Error("no project");
    return row.id;
  }

  it("chains entries appended at once, verifies them with their originals, and names the first changed row", async () => {
    const { db } = await testDatabase();
    const originals = createDiskStore(folder);
    const log = createEvidenceLog(db, originals);
    const projectId = await newProject();
    const photo = Buffer.from("the bytes of a photo of the east wall");
    await originals.put(`evidence/${projectId}/1.jpg`, photo);
    // Thirty at once: each takes the next number after the one before, none is lost or doubled.
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        db.transaction((tx) =>
          log.append(tx, {
            projectId,
            kind: index === 0 ? "photo_added" : "diary_entry",
            subjectId: index + 1,
            content: index === 0 ? { sha256: sha256(photo), originalKey: `evidence/${projectId}/1.jpg` } : { body: `Entry ${index}` },
            recordedById: null,
          }),
        ),
      ),
    );
    const checked = await log.verify(projectId);
    expect(checked).toMatchObject({ intact: true, entries: 30 });

    const rows = await db.select().from(evidenceEntries).where(eq(evidenceEntries.projectId, projectId)).orderBy(evidenceEntries.sequence);
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    const seventh = rows[6];
    if (!seventh) throw new Error("no seventh entry");
    await db.execute(sql`update evidence_entries set content = '{"body":"Entry rewritten"}' where id = ${seventh.id}`);
    expect(await log.verify(projectId)).toEqual({ intact: false, entries: 7, brokenAt: seventh.id });
  });

  it("finds an original whose bytes were replaced", async () => {
    const { db } = await testDatabase();
    const originals = createDiskStore(folder);
    const log = createEvidenceLog(db, originals);
    const projectId = await newProject();
    const key = `evidence/${projectId}/1.jpg`;
    await originals.put(key, Buffer.from("the photo as taken"));
    await db.transaction((tx) =>
      log.append(tx, {
        projectId,
        kind: "photo_added",
        subjectId: 1,
        content: { sha256: sha256(Buffer.from("the photo as taken")), originalKey: key },
        recordedById: null,
      }),
    );
    expect(await log.verify(projectId)).toMatchObject({ intact: true, entries: 1 });
    await originals.put(key, Buffer.from("someone else's house"));
    expect(await log.verify(projectId)).toMatchObject({ intact: false, entries: 1 });
  });
});
