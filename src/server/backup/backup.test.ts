import { mkdtempSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type AppDb, type Database, openDatabase } from "../db/client.js";
import { migrate } from "../db/migrate.js";
import type { ObjectStore } from "../platform/storage.js";
import { createStores } from "../platform/stores.js";
import { pngImage } from "../testing/images.js";
import { runOnServer } from "../testing/run-on-server.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../testing/test-app.js";
import { backupInstallation } from "./backup.js";
import { RestoreRefused, restoreInstallation } from "./restore.js";
import { tableNames } from "./tables.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const { call, upload, people, createProject } = setUpTestServer({}, { once: true });
const newFolder = (name: string) => mkdtempSync(path.join(tmpdir(), `crestbuild-${name}-`));

/** An empty installation of the same kind as the tests' (PGlite, or a second database on the PostgreSQL server). */
async function emptyInstallation(): Promise<Database> {
  if (!databaseUrl) return openDatabase({ dataDir: null });
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_restore`;
  // A connection left by an earlier run of this file is closed by the drop (FORCE) rather than holding it up.
  await runOnServer(databaseUrl, `drop database if exists "${name}" with (force)`);
  await runOnServer(databaseUrl, `create database "${name}"`);
  url.pathname = `/${name}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 });
}

/**
 * Every table's rows (as PostgreSQL's JSON, sorted), to compare two installations whole; schema_migrations is
 * each installation's own (when it migrated), the restore having checked that both hold the same migrations.
 */
async function everyRow(db: AppDb): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const name of (await tableNames(db)).filter((table) => table !== "schema_migrations")) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`))) as unknown as {
      rows: { row: string }[];
    };
    tables[name] = result.rows.map((row) => row.row).sort();
  }
  return tables;
}

async function everyFile(stores: Record<string, ObjectStore>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [kind, store] of Object.entries(stores)) {
    for (const key of await store.list()) {
      const opened = await store.open(key);
      files[`${kind}/${key}`] = opened ? (await buffer(opened.stream)).toString("base64") : "missing";
    }
  }
  return files;
}

describe(`backup and restore on ${databaseUrl ? "PostgreSQL" : "PGlite"}`, () => {
  let target: Database | undefined;
  afterAll(() => target?.close());

  it("round-trips a populated installation: every table and every file", async () => {
    const admin = await people.admin();
    const client = await people.client("ngozi@example.com");
    const projectId = await createProject(admin, { clientId: client.id });
    const photos = [{ field: "images", name: "slab.png", type: "image/png", data: await pngImage() }];
    expect((await upload(`/projects/${projectId}/images`, photos, admin.auth)).status).toBe(201);
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const document = [{ field: "document", name: "contract.pdf", type: "application/pdf", data: pdf }];
    expect((await upload(`/projects/${projectId}/documents`, document, admin.auth, { title: "Contract" })).status).toBe(201);
    const { conversation } = (await call(`/conversations/project/${projectId}`, undefined, client.auth)).body.data;
    const attachment = [{ field: "attachments", name: "crack.png", type: "image/png", data: await pngImage() }];
    expect((await upload(`/conversations/${conversation.id}/messages`, attachment, client.auth, { body: "Look" })).status).toBe(201);
    const avatar = [{ field: "avatar", name: "me.png", type: "image/png", data: await pngImage() }];
    expect((await upload("/users/upload-avatar", avatar, client.auth)).status).toBe(200);

    const source = { db: (await testDatabase()).db, stores: createStores(testConfig()) };
    const archive = path.join(newFolder("backup"), "crestbuild.backup");
    const written = await backupInstallation(source, archive);
    expect(written.files).toBeGreaterThanOrEqual(6);

    target = await emptyInstallation();
    await migrate(target.db);
    const restoredStores = createStores({ dataDir: newFolder("restored"), s3: undefined });
    const restored = await restoreInstallation({ db: target.db, stores: restoredStores }, archive);
    expect(restored).toEqual(written);

    expect(await everyRow(target.db)).toEqual(await everyRow(source.db));
    expect(await everyFile(restoredStores)).toEqual(await everyFile(source.stores));
    // Ids continue after the restored ones.
    const next = (await target.db.execute(sql`select nextval(pg_get_serial_sequence('projects', 'id'))::int as id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(next.rows[0]?.id).toBe(projectId + 1);

    // Into an installation that is no longer empty: refused, unless --force, which replaces it whole.
    await expect(restoreInstallation({ db: target.db, stores: restoredStores }, archive)).rejects.toThrow(
      new RestoreRefused(
        "the installation is not empty (it has accounts or files): restore into an empty one, or add --force to replace everything in it",
      ),
    );
    await restoredStores.media.put("projects/999/stray.webp", Buffer.from("stray"));
    await restoreInstallation({ db: target.db, stores: restoredStores }, archive, { force: true });
    expect(await everyRow(target.db)).toEqual(await everyRow(source.db));
    expect(await everyFile(restoredStores)).toEqual(await everyFile(source.stores));
  }, 120_000);

  it("refuses a file that is not a backup with a clear message, before touching anything", async () => {
    const notABackup = path.join(newFolder("other"), "notes.txt");
    await writeFile(notABackup, "just some notes");
    const target = { db: (await testDatabase()).db, stores: createStores(testConfig()) };
    await expect(restoreInstallation(target, notABackup)).rejects.toThrow(`${notABackup} is not a Crestbuild backup (or it is damaged)`);
  });
});
