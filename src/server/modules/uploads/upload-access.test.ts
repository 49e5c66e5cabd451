import { existsSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { resumableUploads } from "../../db/schema.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../../testing/test-app.js";
import { tusRequests, uploadMetadata } from "../../testing/tus.js";
import { createResumableUploads } from "./index.js";

const AUTH_SECRET = "uploads-test-secret-long-enough-for-hs256";
const { server, call, people, createProject } = setUpTestServer({ AUTH_SECRET });
const tus = tusRequests(server);

let admin: SignedIn;
let engineer: SignedIn;
let projectId: number;
beforeEach(async () => {
  admin = await people.admin();
  // On the project's team; in a department that oversees no project, so that a colleague of theirs cannot see it.
  engineer = await people.staff(someone("engineer"), "HR");
  projectId = await createProject(admin, { teamIds: [engineer.id] });
});

const photoOf = (id = projectId) => ({ projectId: String(id), kind: "photo", filename: "slab.jpg", filetype: "image/jpeg" });
const stored = (id: string) => path.join(testConfig().dataDir, "resumable", id);
const rows = async (project = projectId) =>
  (await testDatabase()).db.select().from(resumableUploads).where(eq(resumableUploads.projectId, project));
const someone = (role: string) => `${role}-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`;

describe("who may use /api/uploads", () => {
  it("creates an upload for the project's engineer, answers its offset to them and takes its bytes", async () => {
    const bytes = Buffer.from("a photo's first bytes and the rest");
    const { location, id } = await tus.upload(engineer.auth, photoOf(), bytes, 10);
    const head = await tus.head(engineer.auth, location);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("10");
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    expect((await tus.patch(engineer.auth, location, 10, bytes.subarray(10))).status).toBe(204);
    expect((await rows()).map((row) => ({ id: row.id, userId: row.userId, projectId: row.projectId, kind: row.kind }))).toEqual([
      { id, userId: engineer.id, projectId, kind: "photo" },
    ]);
    expect(existsSync(stored(id))).toBe(true);
  });

  it("refuses every request without a token, with an expired one or a forged one (401), and creates nothing", async () => {
    const { location } = await tus.upload(engineer.auth, photoOf(), Buffer.from("bytes"), 0);
    const claims = decodeJwt(engineer.accessToken);
    const expired = await new SignJWT({ role: claims.role, dept: claims.dept, sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(engineer.id)
      .setIssuer("crestbuild")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(AUTH_SECRET));
    const refusedHeaders: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${expired}` },
      { authorization: `Bearer ${engineer.accessToken}x` },
    ];
    for (const headers of refusedHeaders) {
      const created = await tus.create(headers, photoOf(), 5);
      expect(created.status).toBe(401);
      expect((await created.json()).message).toBe("Authentication failed. Please log in again.");
      expect((await tus.head(headers, location)).status).toBe(401);
      expect((await tus.patch(headers, location, 0, Buffer.from("bytes"))).status).toBe(401);
      expect((await tus.remove(headers, location)).status).toBe(401);
    }
    expect(await rows()).toHaveLength(1);
    expect((await tus.head(engineer.auth, location)).headers.get("upload-offset")).toBe("0");
  });

  it("refuses a person blocked since they started the upload, at the very next chunk", async () => {
    const bytes = Buffer.from("half of it, then the other half");
    const { location } = await tus.upload(engineer.auth, photoOf(), bytes, 8);
    expect((await call(`/admin/users/${engineer.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    const patched = await tus.patch(engineer.auth, location, 8, bytes.subarray(8));
    expect(patched.status).toBe(401);
    expect((await patched.json()).error).toBe("account_deactivated");
    expect((await tus.head(engineer.auth, location)).status).toBe(401);
  });

  it("answers 404 to anyone but its creator, an admin included, and leaves the upload as it was", async () => {
    const bytes = Buffer.from("twenty bytes of data");
    const { location } = await tus.upload(engineer.auth, photoOf(), bytes, 5);
    const colleague = await people.staff(someone("colleague"), "HR");
    for (const other of [colleague, admin]) {
      const head = await tus.head(other.auth, location);
      expect(head.status).toBe(404);
      const patched = await tus.patch(other.auth, location, 5, bytes.subarray(5));
      expect(patched.status).toBe(404);
      expect(await patched.json()).toMatchObject({ success: false, message: "Upload not found.", error: "not_found" });
      expect((await tus.remove(other.auth, location)).status).toBe(404);
    }
    expect((await tus.head(engineer.auth, location)).headers.get("upload-offset")).toBe("5");
    expect((await tus.head(engineer.auth, "/api/uploads/not-an-upload")).status).toBe(404);
    expect((await tus.head(engineer.auth, `/api/uploads/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("lets its creator abandon it: the file and the row go", async () => {
    const { location, id } = await tus.upload(engineer.auth, photoOf(), Buffer.from("abandoned"), 4);
    expect((await tus.remove(engineer.auth, location)).status).toBe(204);
    expect(existsSync(stored(id))).toBe(false);
    expect(await rows()).toEqual([]);
    expect((await tus.head(engineer.auth, location)).status).toBe(404);
  });

  it("refuses a project the person may not add to: 404 for one they cannot see or that does not exist, 403 for their own as a client", async () => {
    const client = await people.client(someone("owner"));
    const clientsProject = await createProject(admin, { clientId: client.id });
    const stranger = await people.client(someone("stranger"));
    expect((await tus.create(stranger.auth, photoOf(), 10)).status).toBe(404);
    expect((await tus.create(engineer.auth, photoOf(2_000_000), 10)).status).toBe(404);
    expect((await tus.create(engineer.auth, photoOf(clientsProject), 10)).status).toBe(404);
    const own = await tus.create(client.auth, photoOf(clientsProject), 10);
    expect(own.status).toBe(403);
    expect([...(await rows()), ...(await rows(clientsProject))]).toEqual([]);
  });

  it.each([
    ["a photo over 15 MB", "photo", 15 * 1024 * 1024 + 1, "Each photo must be 15 MB or smaller."],
    ["a video over 200 MB", "video", 200 * 1024 * 1024 + 1, "The video must be 200 MB or smaller."],
    ["a length past any file", "video", 10 ** 14, "The video must be 200 MB or smaller."],
  ])("refuses %s at creation (413), before a byte is sent", async (_name, kind, length, message) => {
    const created = await tus.create(engineer.auth, { ...photoOf(), kind }, length);
    expect(created.status).toBe(413);
    expect(await created.json()).toMatchObject({ message, error: "file_too_large" });
    expect(await rows()).toEqual([]);
  });

  it.each([
    ["no project", { projectId: "" }, "projectId"],
    ["a project id that is no number", { projectId: "1 or 1=1" }, "projectId"],
    ["an unknown kind", { kind: "document" }, "kind"],
    ["no file name", { filename: " " }, "filename"],
    ["a control character in the file name", { filename: "a\nb.jpg" }, "filename"],
  ])("refuses metadata with %s (400 naming it)", async (_name, change, field) => {
    const created = await tus.create(engineer.auth, { ...photoOf(), ...change }, 10);
    expect(created.status).toBe(400);
    expect(Object.keys((await created.json()).fields)).toEqual([field]);
  });

  it("lets a person start 300 uploads an hour, then answers 429 to them alone", async () => {
    // Refused metadata is cheap to send and counts as a creation all the same: the limit comes before the checks.
    const noProject = { ...photoOf(), projectId: "" };
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => tus.create(engineer.auth, noProject, 10)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(400));
    }
    const limited = await tus.create(engineer.auth, photoOf(), 10);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    const colleague = await people.staff(someone("colleague"), "Projects");
    expect((await tus.create(colleague.auth, photoOf(), 10)).status).toBe(201);
  });

  it("refuses an upload of unknown length", async () => {
    const created = await fetch(server().url("/api/uploads"), {
      method: "POST",
      headers: { ...engineer.auth, "tus-resumable": "1.0.0", "upload-defer-length": "1", "upload-metadata": uploadMetadata(photoOf()) },
    });
    expect(created.status).toBe(400);
    expect((await created.json()).fields).toHaveProperty("Upload-Length");
  });

  it("deletes uploads a day old, finished or not, with their files, and leaves younger ones", async () => {
    const { id: finished } = await tus.upload(engineer.auth, photoOf(), Buffer.from("finished"));
    const { id: unfinished } = await tus.upload(engineer.auth, photoOf(), Buffer.from("unfinished"), 2);
    const { id: young, location } = await tus.upload(engineer.auth, photoOf(), Buffer.from("young"), 1);
    const { db } = await testDatabase();
    await db
      .update(resumableUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(resumableUploads.id, [finished, unfinished]));
    const uploads = await createResumableUploads({ db, config: testConfig(), log: server().app.log });
    expect(await uploads.sweep()).toBe(2);
    expect((await rows()).map((row) => row.id)).toEqual([young]);
    for (const gone of [finished, unfinished]) expect(existsSync(stored(gone))).toBe(false);
    expect(existsSync(stored(young))).toBe(true);
    expect((await tus.head(engineer.auth, location)).status).toBe(200);
    expect(await db.select().from(resumableUploads).where(eq(resumableUploads.id, finished))).toEqual([]);
  });
});
