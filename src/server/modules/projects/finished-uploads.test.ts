import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { jpegWithGps } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig } from "../../testing/test-app.js";
import { tusRequests } from "../../testing/tus.js";
import { photo, testVideo } from "./test-fixtures.js";

const { server, call, upload, people, createProject } = setUpTestServer();
const tus = tusRequests(server);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const stored = (id: string) => path.join(testConfig().dataDir, "resumable", id);

let admin: SignedIn;
let projectId: number;
beforeEach(async () => {
  admin = await people.admin();
  projectId = await createProject(admin);
});

const photoUpload = (bytes: Buffer, sent = bytes.length, project = projectId, who = admin) =>
  tus.upload(who.auth, { projectId: String(project), kind: "photo", filename: "slab.jpg", filetype: "image/jpeg" }, bytes, sent);
const diaryEntry = (fields: Record<string, string | string[]>, files = [] as ReturnType<typeof photo>[], who = admin) =>
  upload(`/projects/${projectId}/updates`, files, who.auth, { body: "Slab poured on the first floor.", ...fields });
const photoAdded = async () =>
  (await call(`/projects/${projectId}/evidence`, undefined, admin.auth)).body.data.items.filter(
    (entry: { kind: string }) => entry.kind === "photo_added",
  );

/** What the phone says of a photo, the same for both ways of sending it. */
const capture = { source: "camera", capturedAt: new Date().toISOString(), latitude: "9.0826", longitude: "7.4951", accuracyMetres: "8" };

describe("photo and video routes given finished uploads (uploadIds)", () => {
  it("makes a diary entry from an uploaded photo exactly as from a file part: same hash of the bytes sent, same EXIF and verdict", async () => {
    const bytes = await jpegWithGps();
    const byFilePart = await diaryEntry(capture, [photo(bytes)]);
    expect(byFilePart.status).toBe(201);
    const { id } = await photoUpload(bytes);
    const byUpload = await diaryEntry({ ...capture, uploadIds: id });
    expect(byUpload.status, JSON.stringify(byUpload.body)).toBe(201);
    const [sentPhoto] = byUpload.body.data.photos;
    const [filePhoto] = byFilePart.body.data.photos;
    expect(sentPhoto.sha256).toBe(sha256(bytes));
    const same = ({ sha256, width, height, source, capturedAt, verdict, verdictReason, distanceMetres }: Record<string, unknown>) => ({
      sha256,
      width,
      height,
      source,
      capturedAt,
      verdict,
      verdictReason,
      distanceMetres,
    });
    expect(same(sentPhoto)).toEqual(same(filePhoto));
    const [fromUpload, fromFilePart] = await photoAdded();
    const evidence = ({ sha256, exifTakenAt, exifLatitude, exifLongitude, verdict }: Record<string, unknown>) => ({
      sha256,
      exifTakenAt,
      exifLatitude,
      exifLongitude,
      verdict,
    });
    expect(fromFilePart.content.exifLatitude).not.toBeNull();
    expect(evidence(fromUpload.content)).toEqual(evidence(fromFilePart.content));
    // Used, so gone: the file and its row.
    expect(existsSync(stored(id))).toBe(false);
    expect((await tus.head(admin.auth, `/api/uploads/${id}`)).status).toBe(404);
  });

  it("adds several uploaded photos to the gallery in the order named, with their captions", async () => {
    const first = await photoUpload(await jpegWithGps(800, 600));
    const second = await photoUpload(await jpegWithGps(600, 800));
    const added = await upload(`/projects/${projectId}/images`, [], admin.auth, {
      uploadIds: [first.id, second.id],
      caption: ["Landscape", "Portrait"],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.photos.map((one: { caption: string; width: number }) => [one.caption, one.width])).toEqual([
      ["Landscape", 800],
      ["Portrait", 600],
    ]);
  });

  it("raises a snag with an uploaded photo, and takes that upload once", async () => {
    const { id } = await photoUpload(await jpegWithGps(800, 600));
    const fields = { title: "Cracked tile", location: "Kitchen, by the sink", uploadIds: id };
    const raised = await upload(`/projects/${projectId}/snags`, [], admin.auth, fields);
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body.data.photos).toHaveLength(1);
    expect(raised.body.data.photos[0].width).toBe(800);
    const again = await upload(`/projects/${projectId}/snags`, [], admin.auth, fields);
    expect(again.status).toBe(400);
    expect(again.body.fields.uploadIds).toBeDefined();
  });

  it("refuses an unfinished upload and keeps it, to be finished and used later", async () => {
    const bytes = await jpegWithGps();
    const { id, location } = await photoUpload(bytes, 1000);
    const refused = await diaryEntry({ uploadIds: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: "upload_unfinished",
      fields: { uploadIds: "This upload is not finished yet: send the rest of it, then try again." },
    });
    expect((await call(`/projects/${projectId}/updates`, undefined, admin.auth)).body.data.items).toEqual([]);
    expect((await tus.patch(admin.auth, location, 1000, bytes.subarray(1000))).status).toBe(204);
    expect((await diaryEntry({ uploadIds: id })).status).toBe(201);
  });

  it("takes an upload once: used twice, the second is refused", async () => {
    const { id } = await photoUpload(await jpegWithGps());
    expect((await diaryEntry({ uploadIds: id })).status).toBe(201);
    const again = await diaryEntry({ uploadIds: id });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: "Upload not found.", error: "upload_not_found" });
  });

  it("answers the site app's outbox sending a photo's form again under its key with the first answer, adding nothing", async () => {
    const { id } = await photoUpload(await jpegWithGps());
    // The outbox's replay: the same form (its upload already used by the first) under the same Idempotency-Key.
    const headers = { ...admin.auth, "idempotency-key": "outbox-photo-1" };
    const form = { uploadIds: id, queuedAt: "2026-11-28T06:30:00.000Z" };
    const first = await upload(`/projects/${projectId}/images`, [], headers, form);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await upload(`/projects/${projectId}/images`, [], headers, form);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await call(`/projects/${projectId}/images`, undefined, admin.auth)).body.data.items).toHaveLength(1);
    // Without its key the same form is a new request, and the upload is gone.
    expect((await upload(`/projects/${projectId}/images`, [], admin.auth, form)).body.error).toBe("upload_not_found");
  });

  it("gives exactly one of 30 requests at once the same upload", async () => {
    const { id } = await photoUpload(await jpegWithGps());
    const answers = await Promise.all(Array.from({ length: 30 }, () => diaryEntry({ uploadIds: id })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.error)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^upload_(in_use|not_found)$/)]),
    );
    expect((await call(`/projects/${projectId}/updates`, undefined, admin.auth)).body.data.items).toHaveLength(1);
  });

  it("refuses someone else's upload, another project's, a video's for a photo, and an id that is no upload, and leaves them all", async () => {
    const bytes = await jpegWithGps();
    const colleague = await people.staff("colleague@crestbuild.ng", "Projects");
    const othersUpload = await photoUpload(bytes, bytes.length, projectId, colleague);
    const otherProject = await createProject(admin, { title: "Another site" });
    const otherProjectsUpload = await photoUpload(bytes, bytes.length, otherProject);
    const videoUpload = await tus.upload(admin.auth, { projectId: String(projectId), kind: "video", filename: "v.mp4" }, bytes);
    for (const id of [othersUpload.id, otherProjectsUpload.id, videoUpload.id, "../../etc/passwd", "f".repeat(32)]) {
      const refused = await diaryEntry({ uploadIds: id });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ uploadIds: "Upload not found." });
    }
    for (const { id } of [othersUpload, otherProjectsUpload, videoUpload]) expect(existsSync(stored(id))).toBe(true);
  });

  it("refuses a form with both file parts and uploads, and a refused photo gives its upload back", async () => {
    const bytes = await jpegWithGps();
    const { id } = await photoUpload(bytes);
    const both = await diaryEntry({ uploadIds: id }, [photo(bytes)]);
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("files_and_uploads");
    const notAPhoto = await photoUpload(Buffer.from("not a photo at all"));
    const refused = await diaryEntry({ uploadIds: [id, notAPhoto.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please upload a JPEG, PNG or WebP image.");
    expect((await diaryEntry({ uploadIds: id })).status).toBe(201);
  });

  it("adds a video from a finished upload as from a file part: converted, with the hash of the bytes sent", async () => {
    const clip = testVideo({ format: "mp4", seconds: 2 });
    const { id } = await tus.upload(
      admin.auth,
      { projectId: String(projectId), kind: "video", filename: "walk.mp4", filetype: "video/mp4" },
      clip.data,
    );
    const added = await upload(`/projects/${projectId}/videos`, [], admin.auth, {
      uploadIds: id,
      caption: "Walk round",
      source: "library",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ caption: "Walk round", sha256: sha256(clip.data), height: 360 });
    expect(existsSync(stored(id))).toBe(false);
    const photoAsVideo = await photoUpload(await jpegWithGps());
    const refused = await upload(`/projects/${projectId}/videos`, [], admin.auth, { uploadIds: photoAsVideo.id });
    expect(refused.status).toBe(400);
    const none = await upload(`/projects/${projectId}/videos`, [], admin.auth, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choose a video to upload.");
  });
});
