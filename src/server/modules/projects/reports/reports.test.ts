import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { REPORT_MAX_BYTES } from "../../../../shared/reports.js";
import { mailOutbox, projectReports } from "../../../db/schema.js";
import { pdfTextOf } from "../../../testing/pdf.js";
import type { SignedIn } from "../../../testing/people.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";
import type { WeeklyReportJob } from "../module.js";
import { photo } from "../test-fixtures.js";
import { createReportLinks } from "./report-links.js";
import { weekOf } from "./week.js";

const SECRET = "weekly-report-test-secret-longer-than-32-characters";
let weeklyReports: WeeklyReportJob | undefined;
const { server, call, upload, people, createProject, mail } = setUpTestServer(
  { AUTH_SECRET: SECRET },
  { takeWeeklyReportJob: (job) => (weeklyReports = job) },
);
const links = createReportLinks(SECRET);

/** A site in Maitama, Abuja, and a position on it. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
const onSite = { latitude: "9.08275", longitude: "7.49515", accuracyMetres: "12" };

/** A phone-sized JPEG of coarse noise (each its own bytes): detail that survives the thumbnail, unlike a smooth site. */
async function noisyJpeg(index: number) {
  const grains = await sharp({
    create: {
      width: 128,
      height: 96,
      channels: 3,
      background: `hsl(${index * 17}, 40%, 45%)`,
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grains).resize(1024, 768, { kernel: "cubic" }).jpeg({ quality: 85 }).toBuffer();
}

/** Photos per upload: each sends six fields, and a form holds at most 20. */
const PER_UPLOAD = 3;

/** Uploads photos through the real route, as the portal's camera on the site (verified). */
async function addCameraPhotos(projectId: number, by: SignedIn, count: number) {
  for (let first = 0; first < count; first += PER_UPLOAD) {
    const batch = Math.min(PER_UPLOAD, count - first);
    const files = await Promise.all(
      Array.from({ length: batch }, (_, i) => noisyJpeg(first + i).then((bytes) => photo(bytes, `wall-${first + i}.jpg`))),
    );
    const repeat = (value: string) => Array.from({ length: batch }, () => value);
    const added = await upload(`/projects/${projectId}/images`, files, by.auth, {
      caption: files.map((_, i) => `Blockwork, course ${first + i + 1}`),
      source: repeat("camera"),
      capturedAt: repeat(new Date(Date.now() - 60_000).toISOString()),
      latitude: repeat(onSite.latitude),
      longitude: repeat(onSite.longitude),
      accuracyMetres: repeat(onSite.accuracyMetres),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.photos.every((one: { verdict: string }) => one.verdict === "verified")).toBe(true);
  }
}

async function download(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server().url(path), { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** The report link of the newest weekly report email to this address. */
async function reportLinkTo(email: string) {
  const caught = await mail().latestTo(email, "Weekly report");
  const text = caught.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const report = /https:\/\/www\.crestbuild\.test(\/api\/reports\/[0-9]+\.[0-9]+\.[0-9]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  const unsubscribe = /https:\/\/www\.crestbuild\.test(\/api\/reports\/unsubscribe\/[0-9a-f-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!report || !unsubscribe) throw new Error(`no report link in: ${text.slice(0, 400)}`);
  return { report, unsubscribe };
}
const weeklyEmailsTo = async (email: string) => {
  const { db } = await testDatabase();
  const rows = await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  return rows.filter((row) => row.subject.startsWith("Weekly report")).length;
};

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.admin();
  client = await people.client(`reports-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { title: "Maitama Court Duplex", clientId: client.id });
  expect((await call(`/projects/${projectId}`, { site: SITE, progress: 45 }, office.auth, "PUT")).status).toBe(200);
});

describe("weekly progress reports", () => {
  it("makes this week's report on demand: a PDF under 2 MB with 20 photos, whose text names the project and its progress", async () => {
    await addCameraPhotos(projectId, office, 20);
    // One more from the phone's gallery: unverified, counted but not shown.
    const gallery = await upload(`/projects/${projectId}/images`, [photo(await noisyJpeg(99))], office.auth, { source: "library" });
    expect(gallery.status).toBe(201);
    const diary = await upload(`/projects/${projectId}/updates`, [], office.auth, {
      body: "Poured the **first floor slab**.",
      weather: "rain",
      workersOnSite: "14",
    });
    expect(diary.status).toBe(201);
    const milestone = await call(`/projects/${projectId}/milestones`, { title: "Ground floor slab" }, office.auth);
    await call(`/projects/${projectId}/milestones/${milestone.body.data.milestone.id}`, { done: true }, office.auth, "PUT");
    await call(`/projects/${projectId}/milestones`, { title: "Roof trusses", dueDate: "2027-01-15" }, office.auth);
    await call(`/projects/${projectId}/live-checks`, { request: "The east wall" }, client.auth);

    const made = await call(`/projects/${projectId}/reports`, {}, office.auth);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const report = made.body.data;
    const week = weekOf(new Date());
    expect(report).toMatchObject({
      weekStart: week.startDay,
      weekEnd: week.endDay,
      scheduled: false,
      progress: 45,
      madeBy: { id: office.id },
    });
    expect(report.sizeBytes).toBeLessThan(REPORT_MAX_BYTES);

    const listed = await call(`/projects/${projectId}/reports`, undefined, client.auth);
    expect(listed.body.data.items).toEqual([report]);
    const { response, bytes } = await download(report.downloadUrl, client.auth);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".*\.pdf"/);
    expect(bytes.length).toBe(report.sizeBytes);
    expect(bytes.length).toBeLessThan(REPORT_MAX_BYTES);
    expect(sha256(bytes)).toBe(report.sha256);

    const { text } = await pdfTextOf(bytes);
    const head = (await call(`/projects/${projectId}/evidence/verify`, undefined, client.auth)).body.data.head;
    for (const said of [
      "Maitama Court Duplex",
      "Progress: 45% complete",
      "This is the project's first report.",
      "20 verified photos this week; 1 other photo could not be verified",
      "Blockwork, course 1",
      "Verified",
      "Poured the first floor slab.",
      "Weather: Rain · Workers on site: 14",
      "Ground floor slab",
      "Roof trusses",
      "The east wall",
      head,
    ]) {
      expect(text).toContain(said);
    }

    // The next report says how the progress changed since this one.
    expect((await call(`/projects/${projectId}`, { progress: 52 }, office.auth, "PUT")).status).toBe(200);
    const next = await call(`/projects/${projectId}/reports`, {}, office.auth);
    const again = await pdfTextOf((await download(next.body.data.downloadUrl, office.auth)).bytes);
    expect(again.text).toContain("Progress: 52% complete");
    expect(again.text).toContain(`+7 percentage points since the report of the week of`);
    const newestFirst = await call(`/projects/${projectId}/reports`, undefined, office.auth);
    expect(newestFirst.body.data.items.map((item: { id: number }) => item.id)).toEqual([next.body.data.id, report.id]);
  });

  it("answers 404 to another client on every route, 403 to the client's POST, and 404 for another project's report", async () => {
    const made = await call(`/projects/${projectId}/reports`, {}, office.auth);
    expect(made.status).toBe(201);
    const reportId = made.body.data.id;
    const other = await people.client(`reports-other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await call(`/projects/${projectId}/reports`, undefined, other.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/reports`, {}, other.auth)).status).toBe(404);
    expect((await download(`/api/projects/${projectId}/reports/${reportId}`, other.auth)).response.status).toBe(404);
    expect((await call(`/projects/${projectId}/reports`, {}, client.auth)).status).toBe(403);
    expect((await download(`/api/projects/${projectId}/reports/${reportId}`)).response.status).toBe(401);

    const otherProject = await createProject(office, { title: "Another house", clientId: other.id });
    expect((await download(`/api/projects/${otherProject}/reports/${reportId}`, other.auth)).response.status).toBe(404);
    expect((await download(`/api/projects/${projectId}/reports/99999999`, client.auth)).response.status).toBe(404);
    expect((await download(`/api/projects/${projectId}/reports/1e99`, client.auth)).response.status).toBe(404);
    expect((await call(`/projects/x/reports`, undefined, client.auth)).status).toBe(404);
  });

  it("emails the client a link that opens the report without signing in, and fails tampered, expired or another report's", async () => {
    const made = (await call(`/projects/${projectId}/reports`, {}, office.auth)).body.data;
    const { report } = await reportLinkTo(client.email);
    const opened = await download(report);
    expect(opened.response.status).toBe(200);
    expect(opened.response.headers.get("content-type")).toBe("application/pdf");
    expect(sha256(opened.bytes)).toBe(made.sha256);

    const tampered = await download(`${report.slice(0, -3)}${report.endsWith("A") ? "B" : "A"}xy`);
    expect(tampered.response.status).toBe(404);
    expect(tampered.bytes.toString()).toContain("This report link is not valid.");
    const expired = await download(`/api/reports/${links.reportToken(made.id, projectId, new Date(Date.now() - 31 * 86_400_000))}`);
    expect(expired.response.status).toBe(410);
    expect(expired.bytes.toString()).toContain("This report link has expired");
    expect(
      (await download(`/api/reports/${links.reportToken(made.id, projectId, new Date(Date.now() - 29 * 86_400_000))}`)).response.status,
    ).toBe(200);

    // A link names one report of one project: another project's report under this project's id opens nothing.
    const other = await people.client(`reports-link-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const otherProject = await createProject(office, { title: "Another house", clientId: other.id });
    const otherReport = (await call(`/projects/${otherProject}/reports`, {}, office.auth)).body.data;
    expect((await download(`/api/reports/${links.reportToken(otherReport.id, projectId)}`)).response.status).toBe(404);
    expect((await download(`/api/reports/${links.unsubscribeToken(client.id)}`)).response.status).toBe(404);
    // Read-only: the link answers GET alone.
    expect((await fetch(server().url(report), { method: "DELETE" })).status).toBe(404);
  });

  it("sends no email to a client who turned them off, in the settings or by the email's unsubscribe link", async () => {
    await call(`/projects/${projectId}/reports`, {}, office.auth);
    expect(await weeklyEmailsTo(client.email)).toBe(1);
    const { unsubscribe } = await reportLinkTo(client.email);
    const question = await download(unsubscribe);
    expect(question.response.status).toBe(200);
    expect(question.bytes.toString()).toContain('<form method="post">');
    // Opening the link (a mail scanner does) changes nothing: the page's button does.
    await call(`/projects/${projectId}/reports`, {}, office.auth);
    expect(await weeklyEmailsTo(client.email)).toBe(2);
    const confirmed = await fetch(server().url(unsubscribe), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Weekly report emails are turned off.");
    const settings = await call("/users/me/notification-preferences", undefined, client.auth);
    expect(settings.body.data.preferences.weekly_report).toEqual({ inApp: true, email: false });
    await call(`/projects/${projectId}/reports`, {}, office.auth);
    expect(await weeklyEmailsTo(client.email)).toBe(2);
    const broken = await fetch(server().url(`${unsubscribe}x`), { method: "POST" });
    expect(broken.status).toBe(404);
    expect((await download(`${unsubscribe}x`)).response.status).toBe(404);

    // Another client turns them off in the settings.
    const other = await people.client(`reports-quiet-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const quiet = await createProject(office, { title: "Quiet house", clientId: other.id });
    const saved = await call(
      "/users/me/notification-preferences",
      { preferences: { weekly_report: { inApp: true, email: false } } },
      other.auth,
      "PUT",
    );
    expect(saved.status).toBe(200);
    expect((await call(`/projects/${quiet}/reports`, {}, office.auth)).status).toBe(201);
    expect(await weeklyEmailsTo(other.email)).toBe(0);
    // The bell still tells them.
    const bell = await call("/notifications", undefined, other.auth);
    expect(bell.body.data.items.map((item: { kind: string }) => item.kind)).toContain("weekly_report");
  });

  it("makes one scheduled report per active project for the week, not twice, even run twice at once", async () => {
    const completed = await createProject(office, { title: "Finished house", status: "completed" });
    const cancelled = await createProject(office, { title: "Cancelled house", status: "cancelled" });
    const onHold = await createProject(office, { title: "Paused house", status: "on_hold" });
    const lastWeek = weekOf(new Date(Date.now() - 7 * 86_400_000));
    if (!weeklyReports) throw new Error("the weekly reports' job was not handed over");
    const job = weeklyReports;
    const [first, second] = await Promise.all([job(lastWeek), job(lastWeek)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(2);
    expect(await job(lastWeek)).toBe(0);

    const { db } = await testDatabase();
    const rows = await db
      .select({ projectId: projectReports.projectId, count: sql<number>`count(*)::int` })
      .from(projectReports)
      .where(eq(projectReports.weekStart, lastWeek.startDay))
      .groupBy(projectReports.projectId);
    const byProject = new Map(rows.map((row) => [row.projectId, row.count]));
    expect(byProject.get(projectId)).toBe(1);
    expect(byProject.get(onHold)).toBe(1);
    expect(byProject.has(completed)).toBe(false);
    expect(byProject.has(cancelled)).toBe(false);
    expect([...byProject.values()].every((count) => count === 1)).toBe(true);

    const listed = (await call(`/projects/${projectId}/reports`, undefined, client.auth)).body.data.items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ weekStart: lastWeek.startDay, weekEnd: lastWeek.endDay, scheduled: true, madeBy: null });
    expect(await weeklyEmailsTo(client.email)).toBe(1);
  });
});
