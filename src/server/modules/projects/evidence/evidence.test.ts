import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { captureFields } from "../../../../shared/evidence.js";
import { PHOTOS_PER_UPLOAD } from "../../../../shared/project-terms.js";
import type { SignedIn } from "../../../testing/people.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";
import { photo } from "../test-fixtures.js";

const { server, call, upload, people, createProject } = setUpTestServer();

/** A site in Maitama, Abuja, 80 m across. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A distinct small JPEG (its colour makes its bytes its own), with the EXIF a phone would write, if any. */
function jpeg(colour: string, exif?: Record<string, Record<string, string>>) {
  const image = sharp({ create: { width: 48, height: 36, channels: 3, background: colour } }).jpeg();
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** EXIF for a photo taken at the site at a moment (Lagos time, as a phone there writes it). */
function exifAt(moment: Date) {
  const lagos = new Date(moment.getTime() + 60 * 60_000).toISOString();
  return {
    IFD2: { DateTimeOriginal: `${lagos.slice(0, 10).replaceAll("-", ":")} ${lagos.slice(11, 19)}` },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 5736/100", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 4236/100" },
  };
}

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.admin();
  client = await people.client(`evidence-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
  expect((await call(`/projects/${projectId}`, { site: SITE }, office.auth, "PUT")).status).toBe(200);
});

async function addPhoto(bytes: Buffer, fields: Record<string, string>) {
  const added = await upload(`/projects/${projectId}/images`, [photo(bytes)], office.auth, fields);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.photos[0];
}

const onSite = { latitude: "9.08275", longitude: "7.49515", accuracyMetres: "12" };

describe("proof of progress", () => {
  it("judges a camera photo on the site, one 2 km away, a gallery photo without EXIF and one a month old", async () => {
    const asClient = await call(`/projects/${projectId}`, undefined, client.auth);
    expect(asClient.body.data.site).toEqual(SITE);

    const onSiteBytes = await jpeg("#704214");
    const verified = await addPhoto(onSiteBytes, { source: "camera", capturedAt: minutesAgo(1).toISOString(), ...onSite });
    expect(verified).toMatchObject({ verdict: "verified", source: "camera", sha256: sha256(onSiteBytes), uploadedBy: { id: office.id } });
    expect(Date.parse(verified.receivedAt)).toBeGreaterThan(Date.parse(verified.capturedAt));

    const faraway = await addPhoto(await jpeg("#305090"), {
      source: "camera",
      capturedAt: minutesAgo(1).toISOString(),
      latitude: String(SITE.latitude + 2 / 111.2),
      longitude: String(SITE.longitude),
      accuracyMetres: "10",
    });
    expect(faraway).toMatchObject({ verdict: "outside_site", verdictReason: "Taken 2.0 km from the site." });
    expect(faraway.distanceMetres).toBeGreaterThan(1990);

    const bare = await addPhoto(await jpeg("#20a040"), { source: "library" });
    expect(bare).toMatchObject({ verdict: "unverified", source: "library", capturedAt: null });

    const monthOld = await addPhoto(await jpeg("#a02040", exifAt(minutesAgo(30 * 24 * 60))), { source: "library" });
    expect(monthOld).toMatchObject({
      verdict: "unverified",
      verdictReason: "Picked from the phone's gallery; its own time is 30 days before it was sent.",
    });

    const gallery = await call(`/projects/${projectId}/images`, undefined, client.auth);
    expect(gallery.body.data.items.map((item: { verdict: string }) => item.verdict)).toEqual([
      "unverified",
      "unverified",
      "outside_site",
      "verified",
    ]);
  });

  it("chains every photo, diary entry and milestone, verifies the chain, and names the row changed in the database", async () => {
    await addPhoto(await jpeg("#112233"), { source: "camera", capturedAt: minutesAgo(2).toISOString(), ...onSite });
    const diary = await upload(`/projects/${projectId}/updates`, [photo(await jpeg("#445566"))], office.auth, {
      body: "Blockwork to lintel level.",
    });
    expect(diary.status).toBe(201);
    const milestone = await call(`/projects/${projectId}/milestones`, { title: "Foundation" }, office.auth);
    expect(
      (await call(`/projects/${projectId}/milestones/${milestone.body.data.milestone.id}`, { done: true }, office.auth, "PUT")).status,
    ).toBe(200);

    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(log.status).toBe(200);
    const kinds = log.body.data.items.map((entry: { kind: string }) => entry.kind);
    expect(kinds).toEqual(["milestone_done", "diary_entry", "photo_added", "photo_added"]);
    const [newest, , , oldest] = log.body.data.items;
    expect(newest.previousHash).toBe(log.body.data.items[1].entryHash);
    expect(oldest.content).not.toHaveProperty("exifLatitude");

    const intact = await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth);
    expect(intact.body.data).toEqual({ intact: true, entries: 4, head: newest.entryHash });

    const { db } = await testDatabase();
    const diaryEntry = log.body.data.items[1];
    await db.execute(sql`update evidence_entries set content = jsonb_set(content, '{body}', '"Roof done."') where id = ${diaryEntry.id}`);
    const broken = await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth);
    expect(broken.body.data).toEqual({ intact: false, entries: 3, brokenAt: diaryEntry.id });
  });

  it("says whether a forwarded file is in the record, as taken or as served, and keeps a removed photo's removal", async () => {
    const original = await jpeg("#806040");
    const added = await addPhoto(original, { source: "camera", capturedAt: minutesAgo(1).toISOString(), ...onSite });
    const served = Buffer.from(await (await fetch(server().url(added.galleryUrl), { headers: client.auth })).arrayBuffer());
    expect(served.length).toBeGreaterThan(0);

    const asTaken = await call(`/projects/${projectId}/evidence/match`, { sha256: sha256(original) }, client.auth);
    expect(asTaken.body.data).toMatchObject({
      found: true,
      match: { as: "original", photoId: added.id, verdict: "verified", removedAt: null },
    });
    const asServed = await call(`/projects/${projectId}/evidence/match`, { sha256: sha256(served).toUpperCase() }, client.auth);
    expect(asServed.body.data).toMatchObject({ found: true, match: { as: "served", photoId: added.id } });
    const stranger = await call(
      `/projects/${projectId}/evidence/match`,
      { sha256: sha256(Buffer.from("someone else's house")) },
      client.auth,
    );
    expect(stranger.body.data).toEqual({ found: false, match: null });
    const malformed = await call(`/projects/${projectId}/evidence/match`, { sha256: "abc" }, client.auth);
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ sha256: "A SHA-256 is 64 hexadecimal characters." });

    const removed = await fetch(server().url(`/api/projects/${projectId}/images/${added.id}`), {
      method: "DELETE",
      headers: { ...office.auth, "content-type": "application/json" },
      body: JSON.stringify({ reason: "Wrong plot" }),
    });
    expect(removed.status).toBe(204);
    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(log.body.data.items[0]).toMatchObject({
      kind: "photo_removed",
      subjectId: added.id,
      content: { reason: "Wrong plot" },
      recordedBy: { id: office.id },
    });
    expect((await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data).toMatchObject({
      intact: true,
      entries: 2,
    });
    const afterRemoval = await call(`/projects/${projectId}/evidence/match`, { sha256: sha256(original) }, client.auth);
    expect(afterRemoval.body.data.match.removedAt).not.toBeNull();
  });

  it("answers 404 on every evidence route to another client, a stranger's id or a malformed one", async () => {
    const other = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const hash = { sha256: "0".repeat(64) };
    for (const id of [String(projectId), "999999", "not-a-number"]) {
      const viewer = id === String(projectId) ? other : client;
      expect((await call(`/projects/${id}/evidence`, undefined, viewer.auth)).status).toBe(404);
      expect((await call(`/projects/${id}/evidence/verify`, undefined, viewer.auth)).status).toBe(404);
      expect((await call(`/projects/${id}/evidence/match`, hash, viewer.auth)).status).toBe(404);
    }
    expect((await call(`/projects/${projectId}/evidence`, undefined, {})).status).toBe(401);
  });

  it("takes as many photos at once as the capture screen sends, each with its caption and every capture field", async () => {
    const photos = await Promise.all(
      Array.from({ length: PHOTOS_PER_UPLOAD }, (_, index) => jpeg(`#30${String(index).padStart(2, "0")}90`)),
    );
    // As the browser's form sends them: every field for every photo, empty when not known (docs/api.md).
    const fields: Record<string, string[]> = { caption: photos.map((_, index) => `Column ${index + 1}`) };
    for (const field of captureFields) fields[field] = photos.map(() => "");
    Object.assign(fields, {
      source: photos.map(() => "camera"),
      capturedAt: photos.map(() => minutesAgo(2).toISOString()),
      latitude: photos.map(() => onSite.latitude),
      longitude: photos.map(() => onSite.longitude),
      accuracyMetres: photos.map(() => onSite.accuracyMetres),
    });
    const added = await upload(
      `/projects/${projectId}/images`,
      photos.map((bytes) => photo(bytes)),
      office.auth,
      fields,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.photos.map((taken: { verdict: string }) => taken.verdict)).toEqual(photos.map(() => "verified"));

    // A form beyond any the product sends is refused whole, saying why.
    const padded = { ...fields, note: Array.from({ length: 200 }, () => "x") };
    const refused = await upload(`/projects/${projectId}/images`, [photo(await jpeg("#303091"))], office.auth, padded);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: "too_many_fields", message: "This form has too many fields." });
  });

  it("refuses a site or a capture that cannot be, naming the field, and keeps nothing of the refused upload", async () => {
    const badSite = await call(`/projects/${projectId}`, { site: { latitude: 95, longitude: 7.49, radiusMetres: 5 } }, office.auth, "PUT");
    expect(badSite.status).toBe(400);
    expect(badSite.body.fields).toMatchObject({
      "site.latitude": "A latitude is between -90 and 90.",
      "site.radiusMetres": "The radius is at least 10 metres.",
    });
    const halfPosition = await upload(`/projects/${projectId}/images`, [photo(await jpeg("#999999"))], office.auth, { latitude: "9.08" });
    expect(halfPosition.status).toBe(400);
    expect(halfPosition.body.fields).toEqual({ "latitude.0": "Give both the latitude and the longitude, or neither." });
    const otherMilestone = await upload(`/projects/${projectId}/images`, [photo(await jpeg("#999998"))], office.auth, {
      milestoneId: "424242",
    });
    expect(otherMilestone.status).toBe(400);
    expect(otherMilestone.body.fields).toEqual({ "milestoneId.0": "Choose one of this project's milestones." });
    expect((await call(`/projects/${projectId}/evidence`, undefined, office.auth)).body.data.items).toEqual([]);
    expect((await call(`/projects/${projectId}`, { site: null }, office.auth, "PUT")).body.data.site).toBeNull();
  });
});
