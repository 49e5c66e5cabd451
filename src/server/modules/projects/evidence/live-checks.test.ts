import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { SignedIn } from "../../../testing/people.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";
import { photo } from "../test-fixtures.js";

const { call, upload, people, createProject, mail } = setUpTestServer();

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.admin();
  client = await people.client(`live-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
});

const jpeg = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const cameraAt = (moment: Date, liveCheckId: number) => ({
  source: "camera",
  capturedAt: moment.toISOString(),
  liveCheckId: String(liveCheckId),
});

describe("live checks", () => {
  it("gives the client a code and a due time, and the site's camera photo taken after the request answers it", async () => {
    expect((await call(`/projects/${projectId}`, { liveCheckHours: 6 }, office.auth, "PUT")).status).toBe(200);
    const asked = await call(`/projects/${projectId}/live-checks`, { request: "The east wall of the boys' quarters" }, client.auth);
    expect(asked.status).toBe(201);
    const check = asked.body.data;
    expect(check).toMatchObject({
      request: "The east wall of the boys' quarters",
      status: "open",
      requestedBy: { id: client.id },
      answeredAt: null,
      photos: [],
    });
    expect(check.code).toMatch(/^[0-9]{4}$/);
    expect(Date.parse(check.dueBy) - Date.parse(check.requestedAt)).toBe(6 * 3_600_000);

    // Taken a minute before the request: it cannot show a code that did not exist yet.
    const early = await upload(
      `/projects/${projectId}/images`,
      [photo(await jpeg("#223344"))],
      office.auth,
      cameraAt(new Date(Date.parse(check.requestedAt) - 60_000), check.id),
    );
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({ "liveCheckId.0": "This photo was taken before the live check was asked for." });
    const fromGallery = await upload(`/projects/${projectId}/images`, [photo(await jpeg("#223345"))], office.auth, {
      liveCheckId: String(check.id),
    });
    expect(fromGallery.body.fields).toEqual({ "liveCheckId.0": "Answer a live check with the portal's camera." });

    const answer = await upload(
      `/projects/${projectId}/images`,
      [photo(await jpeg("#223346"))],
      office.auth,
      cameraAt(new Date(), check.id),
    );
    expect(answer.status).toBe(201);
    const listed = await call(`/projects/${projectId}/live-checks`, undefined, client.auth);
    expect(listed.body.data.items[0]).toMatchObject({ id: check.id, status: "answered", answeredBy: { id: office.id } });
    expect(listed.body.data.items[0].photos.map((item: { id: number }) => item.id)).toEqual([answer.body.data.photos[0].id]);

    const log = await call(`/projects/${projectId}/evidence`, undefined, client.auth);
    expect(log.body.data.items.map((entry: { kind: string }) => entry.kind)).toEqual([
      "live_check_answered",
      "photo_added",
      "live_check_requested",
    ]);
    expect((await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data).toMatchObject({
      intact: true,
      entries: 3,
    });
    const told = await mail().latestTo(client.email, "live check");
    expect(told.subject).toContain("Your live check is answered");
  });

  it("shows an unanswered check past its due time as late", async () => {
    expect((await call(`/projects/${projectId}`, { liveCheckHours: 1 }, office.auth, "PUT")).status).toBe(200);
    const asked = await call(`/projects/${projectId}/live-checks`, { request: "The septic tank" }, client.auth);
    const { db } = await testDatabase();
    await db.execute(sql`update live_checks set due_by = now() - interval '1 minute' where id = ${asked.body.data.id}`);
    const listed = await call(`/projects/${projectId}/live-checks`, undefined, client.auth);
    expect(listed.body.data.items[0]).toMatchObject({ status: "late" });
  });

  it("refuses another client (404), an empty request, and a time to answer of more than a week", async () => {
    const other = await people.client(`live-other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await call(`/projects/${projectId}/live-checks`, { request: "Show me" }, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/live-checks`, undefined, other.auth)).status).toBe(404);
    expect((await call(`/projects/x/live-checks`, undefined, client.auth)).status).toBe(404);
    const empty = await call(`/projects/${projectId}/live-checks`, { request: " " }, client.auth);
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ request: "Say what the site should show." });
    const tooLong = await call(`/projects/${projectId}`, { liveCheckHours: 200 }, office.auth, "PUT");
    expect(tooLong.body.fields).toEqual({ liveCheckHours: "Give the site at most 168 hours (a week)." });
  });
});
