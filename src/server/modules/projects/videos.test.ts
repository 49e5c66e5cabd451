import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testVideo } from "./test-fixtures.js";

const { server, call, upload, people, createProject } = setUpTestServer();

/** A site in Maitama, Abuja, 80 m across, and a phone standing in it. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
const onSite = { latitude: "9.08262", longitude: "7.49511", accuracyMetres: "6" };
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.admin();
  client = await people.client(`video-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
  expect((await call(`/projects/${projectId}`, { site: SITE }, office.auth, "PUT")).status).toBe(200);
});

const addVideo = (file: ReturnType<typeof testVideo>, fields: Record<string, string>, auth = office.auth) =>
  upload(`/projects/${projectId}/videos`, [file], auth, fields);

describe("project videos", () => {
  it("converts a camera video to a 480p MP4 with a poster, verified on the site, and serves it to the client", async () => {
    const clip = testVideo({ format: "webm", seconds: 3 });
    const added = await addVideo(clip, { source: "camera", capturedAt: new Date().toISOString(), caption: "Slab pour", ...onSite });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const video = added.body.data;
    expect(video).toMatchObject({
      caption: "Slab pour",
      source: "camera",
      verdict: "verified",
      sha256: sha256(clip.data),
      uploadedBy: { id: office.id },
      height: 360,
      width: 640,
    });
    expect(video.durationSeconds).toBeCloseTo(3, 0);
    expect(video.videoUrl).toMatch(/^\/api\/media\/projects\/\d+\/[a-f0-9-]+-480p\.mp4$/);

    const served = await fetch(server().url(video.videoUrl), { headers: client.auth });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(sha256(bytes)).toBe(video.servedSha256);
    // A player seeks by asking for a range.
    const part = await fetch(server().url(video.videoUrl), { headers: { ...client.auth, range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const poster = await fetch(server().url(video.posterUrl), { headers: client.auth });
    expect(poster.headers.get("content-type")).toBe("image/webp");

    const listed = await call(`/projects/${projectId}/videos`, undefined, client.auth);
    expect(listed.body.data.items).toEqual([video]);
    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(log.body.data.items[0]).toMatchObject({ kind: "video_added", subjectId: video.id, content: { sha256: video.sha256 } });
    expect((await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data).toMatchObject({ intact: true });
    // The bytes someone saved from the portal, or the original, are found in the record.
    const found = await call(`/projects/${projectId}/evidence/match`, { sha256: video.servedSha256 }, client.auth);
    expect(found.body.data).toMatchObject({ found: true, match: { kind: "video", videoId: video.id, photoId: null, as: "served" } });
  });

  it("judges a gallery video by its own time and place: a phone's MOV on the site, and one from elsewhere", async () => {
    const now = new Date().toISOString();
    const onTheSite = await addVideo(testVideo({ format: "mov", location: "+09.0826+007.4951/", creationTime: now }), {
      source: "library",
    });
    // Its own time and place fit the site, but only the portal's camera makes a verified video.
    expect(onTheSite.body.data).toMatchObject({
      verdict: "unverified",
      source: "library",
      verdictReason: "Picked from the phone's gallery: its own time and place fit the site, but it was not taken in the portal's camera.",
    });
    const elsewhere = await addVideo(testVideo({ format: "mp4", location: "+06.4550+003.3941/", creationTime: now }), {
      source: "library",
    });
    // Lagos, about 530 km away.
    expect(elsewhere.body.data).toMatchObject({ verdict: "outside_site" });
    expect(elsewhere.body.data.distanceMetres).toBeGreaterThan(500_000);
    const bare = await addVideo(testVideo({ format: "mp4" }), { source: "library" });
    expect(bare.body.data).toMatchObject({
      verdict: "unverified",
      verdictReason: "Picked from the phone's gallery, without its own time and place.",
    });
    // Its position is the office's to see: the evidence log hides it from the client.
    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(
      log.body.data.items.find((entry: { subjectId: number }) => entry.subjectId === onTheSite.body.data.id).content,
    ).not.toHaveProperty("exifLatitude");
  });

  it("refuses what is not a video, and a file that only claims to be one, keeping nothing", async () => {
    const text = { field: "video", name: "clip.mp4", type: "video/mp4", data: Buffer.from("not a video at all, honestly") };
    const refused = await addVideo(text, { source: "library" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: "Please upload an MP4, WebM or MOV video.",
      fields: { video: "Please upload an MP4, WebM or MOV video." },
    });
    // An MP4 header with nothing playable behind it.
    const hollow = { ...text, data: Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from("ftypisom"), Buffer.alloc(200)]) };
    expect((await addVideo(hollow, { source: "library" })).status).toBe(400);
    const none = await upload(`/projects/${projectId}/videos`, [], office.auth, { source: "camera" });
    expect(none.body).toMatchObject({ fields: { video: "Choose a video to upload." } });
    const badField = await addVideo(testVideo({ format: "mp4" }), { source: "drone" });
    expect(badField.status).toBe(400);
    expect(badField.body.fields).toEqual({ "source.0": "The source is camera or library." });
    const atAPoint = await addVideo(testVideo({ format: "mp4" }), { source: "library", photoPointId: "1" });
    expect(atAPoint.body.fields).toEqual({ "photoPointId.0": "A photo point's series is of photos: send the video without one." });
    expect((await call(`/projects/${projectId}/videos`, undefined, office.auth)).body.data.items).toEqual([]);
    expect((await call(`/projects/${projectId}/evidence`, undefined, office.auth)).body.data.items).toEqual([]);
  });

  it("answers a live check with a camera video taken after the request, and refuses one taken before", async () => {
    const asked = await call(`/projects/${projectId}/live-checks`, { request: "The gate" }, client.auth);
    const check = asked.body.data;
    const early = await addVideo(testVideo({ format: "mp4" }), {
      source: "camera",
      capturedAt: new Date(Date.parse(check.requestedAt) - 60_000).toISOString(),
      liveCheckId: String(check.id),
      ...onSite,
    });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({ "liveCheckId.0": "This video was taken before the live check was asked for." });
    const answer = await addVideo(testVideo({ format: "mp4" }), {
      source: "camera",
      capturedAt: new Date().toISOString(),
      liveCheckId: String(check.id),
      ...onSite,
    });
    expect(answer.status).toBe(201);
    const checks = await call(`/projects/${projectId}/live-checks`, undefined, client.auth);
    expect(checks.body.data.items[0]).toMatchObject({
      status: "answered",
      photos: [],
      videos: [{ id: answer.body.data.id, verdict: "verified" }],
    });
  });

  it("keeps the removal in the record, and the chain still verifies", async () => {
    const added = await addVideo(testVideo({ format: "mp4" }), { source: "library" });
    const id = added.body.data.id;
    expect((await call(`/projects/${projectId}/videos/${id}`, { reason: "Wrong project" }, client.auth, "DELETE")).status).toBe(403);
    expect((await call(`/projects/${projectId}/videos/${id}`, { reason: "Wrong project" }, office.auth, "DELETE")).status).toBe(204);
    expect((await fetch(server().url(added.body.data.videoUrl), { headers: office.auth })).status).toBe(404);
    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(log.body.data.items[0]).toMatchObject({ kind: "video_removed", subjectId: id, content: { reason: "Wrong project" } });
    expect((await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data).toMatchObject({
      intact: true,
      entries: 2,
    });
    expect((await call(`/projects/${projectId}/videos/${id}`, { reason: "again" }, office.auth, "DELETE")).status).toBe(404);
  });

  it("answers 404 to a client of another project on every video route, and 403 to the project's client adding one", async () => {
    const added = await addVideo(testVideo({ format: "mp4" }), { source: "library" });
    const stranger = await people.client(`stranger-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await call(`/projects/${projectId}/videos`, undefined, stranger.auth)).status).toBe(404);
    expect((await addVideo(testVideo({ format: "mp4" }), { source: "camera" }, stranger.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/videos/${added.body.data.id}`, { reason: "" }, stranger.auth, "DELETE")).status).toBe(404);
    expect((await fetch(server().url(added.body.data.videoUrl), { headers: stranger.auth })).status).toBe(404);
    expect((await addVideo(testVideo({ format: "mp4" }), { source: "camera" }, client.auth)).status).toBe(403);
    expect((await call(`/projects/999999/videos`, undefined, office.auth)).status).toBe(404);
  });
});
