import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_PHOTO_POINTS } from "../../../../shared/evidence.js";
import type { SignedIn } from "../../../testing/people.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";
import { photo } from "../test-fixtures.js";

const { call, upload, people, createProject } = setUpTestServer();

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.admin();
  client = await people.client(`points-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
});

/** A JPEG of one colour, wider than a time-lapse frame. */
const jpeg = (colour: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

const newPoint = async (name = "North-east corner", extra: Record<string, unknown> = {}) => {
  const created = await call(`/projects/${projectId}/photo-points`, { name, ...extra }, office.auth);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: number; name: string };
};

/** Sends one photo taken from a point (from the gallery unless the capture says otherwise). */
const photoAt = async (pointId: number | string, colour: string, capture: Record<string, string> = {}) =>
  upload(`/projects/${projectId}/images`, [photo(await jpeg(colour))], office.auth, { photoPointId: String(pointId), ...capture });

describe("photo points", () => {
  it("lets the office name a point that every reader lists, and refuses a client's point (403) and another client (404)", async () => {
    const point = await newPoint("Gate looking north", { latitude: 9.0826, longitude: 7.4951, bearing: 350 });
    expect(point).toMatchObject({
      name: "Gate looking north",
      latitude: 9.0826,
      longitude: 7.4951,
      bearing: 350,
      createdBy: { id: office.id },
      photoCount: 0,
      latestPhoto: null,
    });
    const listed = await call(`/projects/${projectId}/photo-points`, undefined, client.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((item: { id: number }) => item.id)).toEqual([point.id]);

    const byClient = await call(`/projects/${projectId}/photo-points`, { name: "From my car" }, client.auth);
    expect(byClient.status).toBe(403);
    const accounts = await people.staff(`points-accounts-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts");
    expect((await call(`/projects/${projectId}/photo-points`, { name: "Accounts' view" }, accounts.auth)).status).toBe(403);

    const other = await people.client(`points-other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await call(`/projects/${projectId}/photo-points`, undefined, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points`, { name: "Mine" }, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points`, { name: "" }, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points/${point.id}`, undefined, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points/${point.id}`)).status).toBe(401);
  });

  it("refuses a bad name, half a position, a position or bearing out of range, a name taken and more than the allowance", async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await call(`/projects/${projectId}/photo-points`, body, office.auth);
      expect(answer.status).toBe(400);
      return answer.body.fields;
    };
    expect(await refusal({ name: " " })).toEqual({ name: "Name the viewpoint." });
    expect(await refusal({})).toEqual({ name: "Name the viewpoint." });
    expect(await refusal({ name: "x".repeat(81) })).toEqual({ name: "Keep the name under 80 characters." });
    expect(await refusal({ name: "Gate", latitude: 9.08 })).toEqual({ latitude: "Give both the latitude and the longitude, or neither." });
    expect(await refusal({ name: "Gate", latitude: 91, longitude: 7 })).toEqual({ latitude: "A latitude is between -90 and 90." });
    expect(await refusal({ name: "Gate", latitude: 9, longitude: 1e308 })).toEqual({
      longitude: "A longitude is between -180 and 180.",
    });
    expect(await refusal({ name: "Gate", bearing: 360 })).toEqual({ bearing: "A bearing is between 0 and 359 degrees." });
    expect(await refusal({ name: "Gate", bearing: 12.5 })).toEqual({ bearing: "Enter the bearing in whole degrees from north." });
    expect(await refusal({ name: "Gate", bearing: "north" })).toEqual({ bearing: "Enter the bearing in whole degrees from north." });

    await newPoint("Gate");
    expect(await refusal({ name: " gate " })).toEqual({ name: "Another photo point of this project already has this name." });
    // The same name on another project is that project's own.
    const otherProject = await createProject(office, { title: "Another duplex" });
    expect((await call(`/projects/${otherProject}/photo-points`, { name: "Gate" }, office.auth)).status).toBe(201);

    const { db } = await testDatabase();
    await db.execute(
      sql`insert into photo_points (project_id, name) select ${projectId}, 'Point ' || n from generate_series(2, ${MAX_PHOTO_POINTS}) as n`,
    );
    expect(await refusal({ name: "One too many" })).toEqual({ name: `A project has at most ${MAX_PHOTO_POINTS} photo points.` });
  });

  it("keeps the point of each photo sent from it: in the photo, its series (oldest first), the list and the evidence log", async () => {
    const point = await newPoint();
    const first = await photoAt(point.id, "#884422", { source: "camera", capturedAt: new Date(Date.now() - 60_000).toISOString() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.photos[0]).toMatchObject({ photoPointId: point.id });
    const second = await photoAt(point.id, "#224488");
    expect(second.status).toBe(201);
    // A photo from nowhere in particular is in the gallery, not in the series.
    expect((await upload(`/projects/${projectId}/images`, [photo(await jpeg("#999999"))], office.auth)).status).toBe(201);

    const series = await call(`/projects/${projectId}/photo-points/${point.id}`, undefined, client.auth);
    expect(series.status).toBe(200);
    expect(series.body.data.point).toMatchObject({ id: point.id, photoCount: 2, latestPhoto: { id: second.body.data.photos[0].id } });
    const photos = series.body.data.photos;
    expect(photos.map((item: { id: number }) => item.id)).toEqual([first.body.data.photos[0].id, second.body.data.photos[0].id]);
    expect(photos[0]).toMatchObject({ photoPointId: point.id, source: "camera", verdict: "unverified", uploadedBy: { id: office.id } });
    expect(photos[0].capturedAt).toEqual(expect.any(String));
    expect(photos[0].receivedAt).toEqual(expect.any(String));
    expect(photos[0].sha256).toMatch(/^[0-9a-f]{64}$/);

    const listed = await call(`/projects/${projectId}/photo-points`, undefined, client.auth);
    expect(listed.body.data.items[0]).toMatchObject({ photoCount: 2, latestPhoto: { id: second.body.data.photos[0].id } });

    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    const added = log.body.data.items.filter((entry: { kind: string }) => entry.kind === "photo_added");
    expect(added.map((entry: { content: { photoPointId: number | null } }) => entry.content.photoPointId)).toEqual([
      null,
      point.id,
      point.id,
    ]);
    expect((await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data).toMatchObject({ intact: true });
  });

  it("refuses a whole upload naming a point of another project or no point, and answers 404 for another project's point", async () => {
    const otherProject = await createProject(office, { title: "Another duplex" });
    const elsewhere = await call(`/projects/${otherProject}/photo-points`, { name: "Their gate" }, office.auth);
    const point = await newPoint();
    const refused = await upload(
      `/projects/${projectId}/images`,
      [photo(await jpeg("#112233")), photo(await jpeg("#332211"))],
      office.auth,
      { photoPointId: [String(point.id), String(elsewhere.body.data.id)] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ "photoPointId.1": "Choose one of this project's photo points." });
    const gallery = await call(`/projects/${projectId}/images`, undefined, office.auth);
    expect(gallery.body.data.items).toEqual([]);
    const malformed = await photoAt("gate", "#445566");
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields)).toEqual(["photoPointId.0"]);

    expect((await call(`/projects/${projectId}/photo-points/${elsewhere.body.data.id}`, undefined, office.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points/${elsewhere.body.data.id}/timelapse`, undefined, office.auth)).status).toBe(
      404,
    );
    expect((await call(`/projects/${projectId}/photo-points/x`, undefined, office.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/photo-points/99999999999`, undefined, office.auth)).status).toBe(404);
  });

  it("plays the series as an animated WebP, one frame per photo, kept until the series changes", async () => {
    const point = await newPoint();
    expect((await photoAt(point.id, "#aa3311")).status).toBe(201);
    const tooFew = await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, client.auth);
    expect(tooFew.status).toBe(404);
    expect(tooFew.body.message).toBe("A time-lapse needs at least 2 photos taken from this point.");

    expect((await photoAt(point.id, "#33aa11")).status).toBe(201);
    expect((await photoAt(point.id, "#1133aa")).status).toBe(201);
    const played = await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, client.auth);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("image/webp");
    expect(played.headers.get("cache-control")).toBe("private, max-age=300");
    const metadata = await sharp(played.raw, { animated: true }).metadata();
    expect(metadata).toMatchObject({ format: "webp", pages: 3, width: 960, pageHeight: 720, loop: 0 });
    expect(metadata.delay).toEqual([700, 700, 700]);

    const { db } = await testDatabase();
    const kept = async () =>
      (
        (await db.execute(sql`select timelapse_key from photo_points where id = ${point.id}`)) as unknown as {
          rows: { timelapse_key: string }[];
        }
      ).rows[0]?.timelapse_key;
    const key = await kept();
    expect(key).toMatch(new RegExp(`^timelapses/${projectId}/${point.id}-`));
    const again = await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, office.auth);
    expect(again.raw.equals(played.raw)).toBe(true);
    expect(await kept()).toBe(key);

    expect((await photoAt(point.id, "#aaaa11")).status).toBe(201);
    const longer = await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, client.auth);
    expect((await sharp(longer.raw, { animated: true }).metadata()).pages).toBe(4);
    expect(await kept()).not.toBe(key);
  });
});
