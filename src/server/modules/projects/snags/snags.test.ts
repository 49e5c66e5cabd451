import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInLagos } from "../../../../shared/calendar.js";
import type { SignedIn } from "../../../testing/people.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";
import { photo } from "../test-fixtures.js";

// A fresh server for each test: registrations are limited per address, and each test makes several accounts.
const { call, upload, people, createProject, mail } = setUpTestServer();

const unique = () => crypto.randomUUID().slice(0, 8);

let office: SignedIn;
let engineer: SignedIn;
beforeEach(async () => {
  office = await people.staff(`office-${unique()}@crestbuild.ng`, "Projects");
  engineer = await people.staff(`engineer-${unique()}@crestbuild.ng`, "HR", { firstName: "Musa", lastName: "Bello" });
});

/** A project of a new client, with the engineer on its team; in progress unless the fields say otherwise. */
async function projectWithClient(fields: Record<string, unknown> = {}) {
  const client = await people.client(`client-${unique()}@example.com`);
  const projectId = await createProject(office, { clientId: client.id, teamIds: [engineer.id], ...fields });
  return { client, projectId };
}

const snagsOf = async (projectId: number, who: SignedIn, query = "") => {
  const listed = await call(`/projects/${projectId}/snags${query}`, undefined, who.auth);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.data;
};
const move = (projectId: number, snagId: number, who: SignedIn, status: string, reason?: string) =>
  call(`/projects/${projectId}/snags/${snagId}`, { status, ...(reason === undefined ? {} : { reason }) }, who.auth, "PATCH");

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#8b4513" } })
    .jpeg()
    .toBuffer();

describe("snags", () => {
  it("are raised by the team with a photo, fixed by the team, closed by the client, reopened with a reason, each move in the history", async () => {
    const { client, projectId } = await projectWithClient({ status: "in_progress" });
    const raised = await upload(`/projects/${projectId}/snags`, [photo(await jpeg())], engineer.auth, {
      title: "Cracked tile",
      location: "Kitchen, by the sink",
      assigneeId: engineer.id,
      dueOn: "2027-01-15",
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body.data).toMatchObject({
      title: "Cracked tile",
      location: "Kitchen, by the sink",
      status: "open",
      dueOn: "2027-01-15",
      assignee: { id: engineer.id, name: "Musa Bello" },
      raisedBy: { id: engineer.id },
      history: [],
      moves: ["fixed"],
    });
    expect(raised.body.data.photos).toHaveLength(1);
    expect((await mail().latestTo(client.email, "New snag")).subject).toContain("Cracked tile");

    const seen = await snagsOf(projectId, client);
    expect(seen).toMatchObject({ counts: { open: 1, fixed: 0, closed: 0 }, canRaise: false });
    expect((await snagsOf(projectId, engineer)).canRaise).toBe(true);
    expect(seen.items[0]).toMatchObject({ id: raised.body.data.id, moves: [] });
    expect(seen.items[0].photos[0].id).toBe(raised.body.data.photos[0].id);
    const snagId = raised.body.data.id as number;

    const fixed = await move(projectId, snagId, engineer, "fixed");
    expect(fixed.status).toBe(200);
    expect((await mail().latestTo(client.email, "Snag fixed")).subject).toContain("Cracked tile");
    expect((await snagsOf(projectId, client)).items[0].moves).toEqual(["open", "closed"]);
    expect((await move(projectId, snagId, client, "closed")).status).toBe(200);
    const reopened = await move(projectId, snagId, client, "open", "The grout is still cracked.");
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.history).toMatchObject([
      { from: "open", to: "fixed", reason: null, by: { id: engineer.id } },
      { from: "fixed", to: "closed", reason: null, by: { id: client.id } },
      { from: "closed", to: "open", reason: "The grout is still cracked.", by: { id: client.id } },
    ]);
    expect((await snagsOf(projectId, client, "?status=closed")).items).toEqual([]);
    expect((await snagsOf(projectId, client, "?status=open")).items.map((snag: { id: number }) => snag.id)).toEqual([snagId]);
    expect((await call(`/projects/${projectId}/snags?status=lost`, undefined, client.auth)).body.fields).toEqual({
      status: "Choose open, fixed or closed.",
    });
  });

  it("refuse moves outside the rules: 409 for a move no one makes, 403 for one the caller may not make, 400 for a reopening without a reason", async () => {
    const { client, projectId } = await projectWithClient();
    const raised = await call(`/projects/${projectId}/snags`, { title: "Door sticks", location: "Master bedroom" }, office.auth);
    expect(raised.status).toBe(201);
    const snagId = raised.body.data.id as number;

    const skipped = await move(projectId, snagId, client, "closed");
    expect(skipped.status).toBe(409);
    expect(skipped.body).toMatchObject({ error: "invalid_transition", message: "Mark the snag fixed before closing it." });
    const byClient = await move(projectId, snagId, client, "fixed");
    expect(byClient.status).toBe(403);
    expect(byClient.body.message).toBe("Only the project's team marks a snag fixed.");
    expect((await move(projectId, snagId, engineer, "fixed")).status).toBe(200);
    const again = await move(projectId, snagId, engineer, "fixed");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This snag is already fixed.");
    const closedByTeam = await move(projectId, snagId, engineer, "closed");
    expect(closedByTeam.status).toBe(403);
    expect(closedByTeam.body.message).toBe("Only the project office or the project's client closes or reopens a snag.");
    const noReason = await move(projectId, snagId, client, "open", " ");
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: "Say why the snag is reopened." });
    expect((await move(projectId, snagId, office, "closed")).status).toBe(200);
    const fixClosed = await move(projectId, snagId, engineer, "fixed");
    expect(fixClosed.status).toBe(409);
    expect(fixClosed.body.message).toBe("Reopen the snag before marking it fixed.");
    const unknown = await move(projectId, snagId, office, "done");
    expect(unknown.body.fields).toEqual({ status: "Choose open, fixed or closed." });
    const history = (await snagsOf(projectId, office)).items[0].history;
    expect(history.map((entry: { to: string }) => entry.to)).toEqual(["fixed", "closed"]);
  });

  it("move once when 30 people mark the same snag fixed at once", async () => {
    const { projectId } = await projectWithClient();
    const raised = await call(`/projects/${projectId}/snags`, { title: "Loose socket", location: "Living room" }, engineer.auth);
    const snagId = raised.body.data.id as number;
    const answers = await Promise.all(Array.from({ length: 30 }, () => move(projectId, snagId, engineer, "fixed")));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(29);
    const { db } = await testDatabase();
    const rows = await db.execute(sql`select count(*)::int as moves from snag_status_changes where snag_id = ${snagId}`);
    expect((rows as unknown as { rows: { moves: number }[] }).rows[0]?.moves).toBe(1);
  });

  it("are 404 to a stranger and another client, on every route, and 403 to a reader who does not raise them", async () => {
    const { projectId } = await projectWithClient();
    const raised = await call(`/projects/${projectId}/snags`, { title: "Scratched glass", location: "Front door" }, engineer.auth);
    const snagId = raised.body.data.id as number;
    const otherClient = await people.client(`other-${unique()}@example.com`);
    const unassigned = await people.staff(`hr-${unique()}@crestbuild.ng`, "HR");
    for (const stranger of [otherClient, unassigned]) {
      expect((await call(`/projects/${projectId}/snags`, undefined, stranger.auth)).status).toBe(404);
      expect((await call(`/projects/${projectId}/snags`, { title: "Mine", location: "Here" }, stranger.auth)).status).toBe(404);
      expect((await move(projectId, snagId, stranger, "fixed")).status).toBe(404);
      expect((await move(projectId, snagId, stranger, "nonsense")).status).toBe(404);
    }
    // Another project's snag through this project's address: not found.
    const { client: neighbour, projectId: otherProject } = await projectWithClient();
    expect((await move(otherProject, snagId, neighbour, "closed")).status).toBe(404);
    expect((await move(projectId, 999_999, office, "fixed")).body.message).toBe("Snag not found.");
    // The Secretariat reads every project but raises no snag.
    const outsider = await people.staff(`outsider-${unique()}@crestbuild.ng`, "Secretariat");
    expect((await call(`/projects/${projectId}/snags`, undefined, outsider.auth)).body.data).toMatchObject({
      canRaise: false,
      raiseRefusal: "Only the project's team and its client raise snags.",
    });
    expect((await call(`/projects/${projectId}/snags`, { title: "Mine", location: "Here" }, outsider.auth)).status).toBe(403);
  });

  it("wait for handover before the client raises one, and tell them when", async () => {
    const { client, projectId } = await projectWithClient({ status: "in_progress" });
    const early = await call(`/projects/${projectId}/snags`, { title: "Paint drips", location: "Stairwell" }, client.auth);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("not_open_for_snags");
    expect(early.body.message).toBe("You can raise snags from handover, once the project's completion date is recorded.");
    expect((await snagsOf(projectId, client)).raiseRefusal).toBe(early.body.message);

    const nextWeek = addDays(todayInLagos(), 7);
    expect((await call(`/projects/${projectId}`, { completedOn: nextWeek }, office.auth, "PUT")).status).toBe(200);
    const notYet = await call(`/projects/${projectId}/snags`, { title: "Paint drips", location: "Stairwell" }, client.auth);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toMatch(/^You can raise snags from handover, on \d+ \w+ \d{4}\.$/);
    expect((await snagsOf(projectId, client)).items).toEqual([]);

    expect((await call(`/projects/${projectId}`, { completedOn: todayInLagos() }, office.auth, "PUT")).status).toBe(200);
    const atHandover = await call(`/projects/${projectId}/snags`, { title: "Paint drips", location: "Stairwell" }, client.auth);
    expect(atHandover.status).toBe(201);
    expect(atHandover.body.data).toMatchObject({ raisedBy: { id: client.id }, moves: [] });

    const { client: later, projectId: completed } = await projectWithClient({ status: "completed" });
    expect((await call(`/projects/${completed}/snags`, { title: "Gate latch", location: "Gate" }, later.auth)).status).toBe(201);
  });

  it("tell the assignee, refuse an assignee outside the team and bad fields, and keep nothing refused", async () => {
    const { projectId } = await projectWithClient();
    const stranger = await people.staff(`away-${unique()}@crestbuild.ng`, "HR");
    const outside = await call(`/projects/${projectId}/snags`, { title: "Leak", location: "Roof", assigneeId: stranger.id }, office.auth);
    expect(outside.status).toBe(400);
    expect(outside.body.fields).toEqual({ assigneeId: "Choose a member of this project's team." });
    const bad = await call(
      `/projects/${projectId}/snags`,
      { title: " ", location: "x".repeat(161), assigneeId: "nobody", dueOn: "15/01/2027" },
      office.auth,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      title: "Name the snag.",
      location: "Keep the location under 160 characters.",
      assigneeId: "Choose a member of this project's team.",
      dueOn: "Use a date like 2026-03-31.",
    });
    const badUpload = await upload(`/projects/${projectId}/snags`, [photo(await jpeg())], office.auth, { title: "Leak", location: "" });
    expect(badUpload.body.fields).toEqual({ location: "Say where the snag is." });
    expect((await snagsOf(projectId, office)).items).toEqual([]);
    const photos = await call(`/projects/${projectId}/images`, undefined, office.auth);
    expect(photos.body.data.items).toEqual([]);

    const assigned = await call(
      `/projects/${projectId}/snags`,
      { title: "Leak", location: "Roof", assigneeId: engineer.id, dueOn: "" },
      office.auth,
    );
    expect(assigned.status).toBe(201);
    expect(assigned.body.data.dueOn).toBeNull();
    expect((await mail().latestTo(engineer.email, "Snag assigned to you")).subject).toContain("Leak");
  });

  it("are raised by the team only on projects under way or completed, and at most 30 an hour per person", async () => {
    const cancelled = await projectWithClient({ status: "cancelled" });
    const refused = await call(`/projects/${cancelled.projectId}/snags`, { title: "Late", location: "Site" }, office.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Snags are raised on projects under way or completed.");

    // A project with nobody to tell: the limit alone is measured.
    const quiet = await createProject(office);
    const sender = await people.staff(`busy-${unique()}@crestbuild.ng`, "Projects");
    const answers = [];
    for (let index = 0; index < 31; index += 1) {
      answers.push((await call(`/projects/${quiet}/snags`, { title: `Snag ${index}`, location: "Block A" }, sender.auth)).status);
    }
    expect(answers.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
