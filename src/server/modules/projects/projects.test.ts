import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_PAGE_NUMBER } from "../../../shared/fields.js";
import { PROJECT_PAGE_SIZE } from "../../../shared/projects.js";
import { users } from "../../db/schema.js";
import { jpegWithGps } from "../../testing/images.js";
import { expectTwoPages, storeProjects } from "../../testing/paging.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../../testing/test-app.js";
import { todayInLagos } from "./dates.js";
import { pdfDocument, photo } from "./test-fixtures.js";

const { server, mail, call, upload, people, createProject } = setUpTestServer();
let admin: SignedIn;
beforeEach(async () => {
  mail().mails.length = 0;
  admin = await people.admin();
});

const notificationsOf = async (actor: SignedIn) =>
  (await call("/notifications", undefined, actor.auth)).body.data.items as {
    kind: string;
    title: string;
    link: string;
    projectId: number;
  }[];
const mailsTo = (actor: SignedIn) =>
  mail()
    .mails.filter((sent) => sent.to.includes(actor.email))
    .map((sent) => sent.subject);

describe("GET /api/projects/clients", () => {
  it("lets the project office find client accounts by name, email or company, and no one else", async () => {
    const office = await people.staff("office@crestbuild.ng", "Projects");
    await people.client("halima@example.com", { firstName: "Halima", lastName: "Bello", company: "Bello Farms" });
    await people.client("ike@example.com", { firstName: "Ikenna", lastName: "Obi", company: "" });
    const found = async (search: string) =>
      (await call(`/projects/clients?search=${encodeURIComponent(search)}`, undefined, office.auth)).body.data.clients.map(
        (client: { email: string }) => client.email,
      );
    expect(await found("halima b")).toEqual(["halima@example.com"]);
    expect(await found("FARMS")).toEqual(["halima@example.com"]);
    expect(await found("ike@")).toEqual(["ike@example.com"]);
    // Staff accounts are not clients.
    expect(await found("office")).toEqual([]);
    const [first] = (await call("/projects/clients", undefined, office.auth)).body.data.clients;
    expect(Object.keys(first).sort()).toEqual(["company", "email", "id", "name"]);

    const hr = await people.staff("hr@crestbuild.ng", "HR");
    expect((await call("/projects/clients", undefined, hr.auth)).status).toBe(403);
    const client = await people.client("curious@example.com");
    expect((await call("/projects/clients", undefined, client.auth)).status).toBe(403);
  });
});

describe("GET /api/projects", () => {
  it("lists with team=mine only the projects the caller manages or is on the team of, whatever else they may read", async () => {
    const office = await people.staff("office@crestbuild.ng", "Projects");
    const engineer = await people.staff("engineer@crestbuild.ng", "Projects");
    const onTeam = await createProject(admin, { title: "Gwarinpa Duplex", managerId: office.id, teamIds: [engineer.id] });
    const managed = await createProject(admin, { title: "Jabi Offices", managerId: engineer.id });
    const others = await createProject(admin, { title: "Kubwa Clinic", managerId: office.id });
    const ids = async (who: SignedIn, query: string) =>
      ((await call(`/projects?${query}`, undefined, who.auth)).body.data.items as { id: number }[]).map((item) => item.id).sort();
    // The project office reads every project; with team=mine, only its own.
    expect(await ids(engineer, "pageSize=100")).toEqual(expect.arrayContaining([onTeam, managed, others]));
    expect(await ids(engineer, "team=mine")).toEqual([onTeam, managed].sort());
    expect(await ids(office, "team=mine")).toEqual([onTeam, others].sort());
    expect(await ids(admin, "team=mine")).toEqual([]);
    const refused = await call("/projects?team=everyone", undefined, engineer.auth);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Team must be mine.");
  });

  it("filters, searches, sorts and pages in the database, with the total", async () => {
    const manager = await people.staff("pm@crestbuild.ng", "Projects", { firstName: "Ngozi", lastName: "Eze" });
    const adaeze = await people.client("adaeze@example.com", { firstName: "Adaeze", lastName: "Nwosu" });
    const made = async (fields: Record<string, unknown>) => createProject(admin, { managerId: manager.id, ...fields });
    const duplex = await made({
      title: "Asokoro Duplex",
      status: "in_progress",
      progress: 40,
      city: "Abuja",
      targetCompletion: "2026-11-30",
      clientId: adaeze.id,
    });
    const mall = await made({
      title: "Kano Road Mall",
      category: "commercial",
      status: "planning",
      progress: 5,
      city: "Kano",
      targetCompletion: "2027-06-30",
    });
    const bridge = await made({ title: "Bwari Footbridge", category: "infrastructure", status: "on_hold", progress: 60, city: "Bwari" });
    const school = await made({
      title: "Lugbe School Block",
      category: "commercial",
      status: "completed",
      progress: 100,
      city: "Lugbe",
      targetCompletion: "2025-09-01",
    });
    const ids = (answer: Awaited<ReturnType<typeof call>>) => answer.body.data.items.map((item: { id: number }) => item.id);
    const list = (query: string) => call(`/projects?manager=${manager.id}&${query}`, undefined, admin.auth);

    const byTitle = await list("sort=title&pageSize=2&page=2");
    expect(byTitle.body.data).toMatchObject({ total: 4, page: 2, pageSize: 2, pageCount: 2 });
    await expectTwoPages(call, `/projects?manager=${manager.id}&pageSize=3`, 3, admin.auth);
    // A page past the last is an empty page of the same count.
    expect((await list("pageSize=3&page=3")).body.data).toMatchObject({ items: [], total: 4, page: 3, pageCount: 2 });
    const farBeyond = await list(`pageSize=100&page=${MAX_PAGE_NUMBER}`);
    expect(farBeyond.status).toBe(200);
    expect(farBeyond.body.data).toMatchObject({ items: [], total: 4, pageCount: 1 });
    // Past the highest page number the answer is a clear 400, never a database error.
    expect((await list(`pageSize=100&page=${Number.MAX_SAFE_INTEGER}`)).status).toBe(400);
    expect(ids(byTitle)).toEqual([mall, school]);
    // Past the last page: no rows, and still the total (the page's count comes with its rows otherwise).
    const pastTheEnd = await list("sort=title&pageSize=2&page=5");
    expect(pastTheEnd.body.data).toMatchObject({ items: [], total: 4, page: 5 });
    expect(ids(await list("sort=-progress"))).toEqual([school, bridge, duplex, mall]);
    // Projects without a target completion come last either way.
    expect(ids(await list("sort=target"))).toEqual([school, duplex, mall, bridge]);
    expect(ids(await list("sort=-target"))).toEqual([mall, duplex, school, bridge]);

    expect(ids(await list("status=planning,on_hold&sort=title"))).toEqual([bridge, mall]);
    expect(ids(await list("category=commercial&sort=title"))).toEqual([mall, school]);
    expect(ids(await list(`client=${adaeze.id}`))).toEqual([duplex]);
    expect(ids(await list("search=nwosu"))).toEqual([duplex]);
    expect(ids(await list("search=KANO"))).toEqual([mall]);
    expect(ids(await list("search=100%25"))).toEqual([]);
    const reference = (await call(`/projects/${bridge}`, undefined, admin.auth)).body.data.reference;
    expect(reference).toMatch(/^CB-\d{4}-\d{4}$/);
    expect(ids(await list(`search=${reference}`))).toEqual([bridge]);

    const [item] = (await list(`client=${adaeze.id}`)).body.data.items;
    expect(item).toMatchObject({
      title: "Asokoro Duplex",
      status: "in_progress",
      city: "Abuja",
      client: { id: adaeze.id, name: "Adaeze Nwosu" },
      manager: { id: manager.id, name: "Ngozi Eze" },
      finance: { budgetKobo: 85_000_000_00, spentKobo: 0 },
      nextMilestone: null,
    });
    await call(`/projects/${duplex}/milestones`, { title: "Roof", dueDate: "2026-08-01" }, admin.auth);
    await call(`/projects/${duplex}/milestones`, { title: "Foundations", dueDate: "2026-05-01" }, admin.auth);
    expect((await list(`client=${adaeze.id}`)).body.data.items[0].nextMilestone).toMatchObject({
      title: "Foundations",
      dueDate: "2026-05-01",
    });

    const clientView = await call("/projects", undefined, adaeze.auth);
    expect(ids(clientView)).toEqual([duplex]);
    expect(clientView.body.data.total).toBe(1);
  });

  it("answers 400 naming the field for a bad query", async () => {
    const tooBig = await call("/projects?pageSize=500", undefined, admin.auth);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields?.pageSize).toBe("Page size must be 100 or less.");
    const badSort = await call("/projects?sort=budget", undefined, admin.auth);
    expect(badSort.status).toBe(400);
    expect(badSort.body.fields?.sort).toContain("Sort by one of");
    expect((await call("/projects?status=paused", undefined, admin.auth)).body.fields?.["status.0"]).toBe("Unknown status.");
  });
});

describe("a client's project request", () => {
  it("is recorded as requested for the client, announced to the project office, and turned into a project by the office", async () => {
    const office = await people.staff("office@crestbuild.ng", "Projects");
    const engineer = await people.staff("engineer@crestbuild.ng", "HR", { firstName: "Musa", lastName: "Bello" });
    const client = await people.client("ifeanyi@example.com", { firstName: "Ifeanyi", lastName: "Okafor" });

    const requested = await call(
      "/projects",
      {
        title: "Jabi Lakeside Bungalow",
        description: "A three-bedroom bungalow on our plot by the lake.",
        category: "residential",
        address: "Plot 12, Jabi",
        city: "Abuja",
        state: "FCT",
        startDate: "2026-09-01",
        // A request cannot set these: they are the office's.
        status: "in_progress",
        budgetKobo: 1,
        managerId: office.id,
      },
      client.auth,
    );
    expect(requested.status).toBe(201);
    const project = requested.body.data;
    expect(project).toMatchObject({
      status: "requested",
      client: { id: client.id, name: "Ifeanyi Okafor", email: "ifeanyi@example.com" },
      manager: null,
      finance: { budgetKobo: 0, spentKobo: 0 },
      permissions: { edit: false, run: false, delete: false, manageSite: false, message: true, consent: true },
    });
    expect(project.reference).toMatch(new RegExp(`^CB-${todayInLagos().slice(0, 4)}-\\d{4}$`));
    expect(project.slug).toBe("jabi-lakeside-bungalow");

    for (const person of [office, admin]) {
      expect(await notificationsOf(person)).toContainEqual(
        expect.objectContaining({
          kind: "project_requested",
          title: "New project request: Jabi Lakeside Bungalow",
          link: `/dashboard/projects/${project.id}`,
        }),
      );
      expect(mailsTo(person)).toContain("New project request: Jabi Lakeside Bungalow");
    }
    expect(await notificationsOf(engineer)).toEqual([]);
    expect(
      (await call("/projects", { title: "Side job", description: "x", category: "residential", city: "Abuja" }, engineer.auth)).status,
    ).toBe(403);

    // The office assigns an engineer; only the office turns the request into a project.
    expect((await call(`/projects/${project.id}`, { managerId: engineer.id }, office.auth, "PUT")).status).toBe(200);
    expect((await call(`/projects/${project.id}`, { status: "planning" }, engineer.auth, "PUT")).status).toBe(403);
    const planned = await call(
      `/projects/${project.id}`,
      {
        status: "planning",
        budgetKobo: 42_000_000_00,
        targetCompletion: "2027-03-31",
      },
      office.auth,
      "PUT",
    );
    expect(planned.status).toBe(200);
    expect(planned.body.data).toMatchObject({
      status: "planning",
      manager: { id: engineer.id, name: "Musa Bello", phone: "+234 803 000 1111" },
    });

    expect(await notificationsOf(engineer)).toContainEqual(
      expect.objectContaining({ kind: "project_assigned", title: "You were added to the project Jabi Lakeside Bungalow" }),
    );
    expect(await notificationsOf(client)).toContainEqual(
      expect.objectContaining({ kind: "project_status", title: "Jabi Lakeside Bungalow is now Planning" }),
    );
    expect(mailsTo(client)).toContain("Jabi Lakeside Bungalow is now Planning");
    // The office made the change: it is not told about its own work.
    expect((await notificationsOf(office)).map((item) => item.kind)).toEqual(["project_requested"]);
  });

  it("refuses a target completion before the start", async () => {
    const answer = await call(
      "/projects",
      {
        title: "Backwards",
        description: "Dates the wrong way round.",
        category: "renovation",
        city: "Abuja",
        startDate: "2026-06-01",
        targetCompletion: "2026-01-01",
      },
      admin.auth,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.targetCompletion).toBe("The target completion must be on or after the start date.");
  });
});

describe("milestones", () => {
  it("drive the progress of a project in milestones mode by their weights", async () => {
    const client = await people.client("owner@example.com");
    const projectId = await createProject(admin, { clientId: client.id, progressMode: "milestones", progress: 50 });
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.progress).toBe(0);
    const foundations = (
      await call(`/projects/${projectId}/milestones`, { title: "Foundations", weight: 1, dueDate: "2026-04-30" }, admin.auth)
    ).body.data;
    const frame = (await call(`/projects/${projectId}/milestones`, { title: "Frame", weight: 3 }, admin.auth)).body.data;
    expect(foundations).toMatchObject({ progress: 0, milestone: { title: "Foundations", position: 0, doneOn: null } });
    expect(frame.milestone.position).toBe(1);

    const refused = await call(`/projects/${projectId}`, { progress: 90 }, admin.auth, "PUT");
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.progress).toBe("The progress of this project follows its milestones.");

    const done = await call(`/projects/${projectId}/milestones/${frame.milestone.id}`, { done: true }, admin.auth, "PUT");
    expect(done.body.data).toMatchObject({ progress: 75, milestone: { doneOn: todayInLagos() } });
    expect(await notificationsOf(client)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "milestone_done", title: "Milestone done on Gwarinpa Family Duplex: Frame" }),
        expect.objectContaining({ kind: "project_progress", title: "Gwarinpa Family Duplex is 75% complete" }),
      ]),
    );
    expect(mailsTo(client)).toContain("Milestone done on Gwarinpa Family Duplex: Frame");
    // Progress is in the bell only: its email is off by default.
    expect(mailsTo(client)).not.toContain("Gwarinpa Family Duplex is 75% complete");

    await call(`/projects/${projectId}/milestones/${foundations.milestone.id}`, { done: true, doneOn: "2026-04-28" }, admin.auth, "PUT");
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.progress).toBe(100);
    expect(
      (await call(`/projects/${projectId}/milestones/${frame.milestone.id}`, { done: false }, admin.auth, "PUT")).body.data.progress,
    ).toBe(25);
    expect(
      (await call(`/projects/${projectId}/milestones/${foundations.milestone.id}`, undefined, admin.auth, "DELETE")).body.data.progress,
    ).toBe(0);

    const detail = (await call(`/projects/${projectId}`, undefined, admin.auth)).body.data;
    expect(detail.milestones.map((milestone: { title: string }) => milestone.title)).toEqual(["Frame"]);
    expect((await call(`/projects/${projectId}/milestones/999999`, { done: true }, admin.auth, "PUT")).status).toBe(404);
  });

  it("are listed by due date as they are added or re-dated (no date last), the office moves one where it wants another order, and the client never sees their weights", async () => {
    const client = await people.client("schedule@example.com");
    const projectId = await createProject(admin, { clientId: client.id, progressMode: "milestones" });
    const add = async (title: string, dueDate?: string) =>
      (await call(`/projects/${projectId}/milestones`, { title, dueDate, weight: 2 }, admin.auth)).body.data.milestone.id as number;
    const roof = await add("Roof", "2026-09-30");
    const snagging = await add("Snagging");
    const foundations = await add("Foundations", "2026-03-31");
    const walls = await add("Walls", "2026-06-30");
    const titles = async (who = admin) =>
      (await call(`/projects/${projectId}`, undefined, who.auth)).body.data.milestones.map(
        (milestone: { title: string }) => milestone.title,
      );
    expect(await titles()).toEqual(["Foundations", "Walls", "Roof", "Snagging"]);

    // Re-dated, a milestone goes to its place by date.
    await call(`/projects/${projectId}/milestones/${roof}`, { dueDate: "2026-01-15" }, admin.auth, "PUT");
    expect(await titles()).toEqual(["Roof", "Foundations", "Walls", "Snagging"]);

    // Moved by hand; the ends stay where they are.
    const moved = await call(`/projects/${projectId}/milestones/${walls}/move`, { direction: "up" }, admin.auth);
    expect(moved.status).toBe(200);
    expect(moved.body.data.milestones.map((milestone: { title: string }) => milestone.title)).toEqual([
      "Roof",
      "Walls",
      "Foundations",
      "Snagging",
    ]);
    await call(`/projects/${projectId}/milestones/${snagging}/move`, { direction: "down" }, admin.auth);
    await call(`/projects/${projectId}/milestones/${roof}/move`, { direction: "down" }, admin.auth);
    expect(await titles()).toEqual(["Walls", "Roof", "Foundations", "Snagging"]);
    expect(await titles(client)).toEqual(["Walls", "Roof", "Foundations", "Snagging"]);

    // A wrong direction, another project's milestone, or a client asking: refused, nothing moved.
    expect((await call(`/projects/${projectId}/milestones/${roof}/move`, { direction: "sideways" }, admin.auth)).status).toBe(400);
    const otherProject = await createProject(admin);
    expect((await call(`/projects/${otherProject}/milestones/${roof}/move`, { direction: "up" }, admin.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/milestones/${foundations}/move`, { direction: "up" }, client.auth)).status).toBe(403);
    expect(await titles()).toEqual(["Walls", "Roof", "Foundations", "Snagging"]);

    // The weights are the project team's working figures: the office sees them, the client does not.
    const asOffice = (await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.milestones;
    expect(asOffice.every((milestone: { weight?: number }) => milestone.weight === 2)).toBe(true);
    const asClient = (await call(`/projects/${projectId}`, undefined, client.auth)).body.data.milestones;
    expect(asClient.some((milestone: object) => "weight" in milestone)).toBe(false);
  });

  it("completing a project sets its actual completion date", async () => {
    const projectId = await createProject(admin);
    const completed = await call(`/projects/${projectId}`, { status: "completed" }, admin.auth, "PUT");
    expect(completed.body.data).toMatchObject({ status: "completed", completedOn: todayInLagos(), progress: 100 });
    const reopened = await call(`/projects/${projectId}`, { status: "in_progress" }, admin.auth, "PUT");
    expect(reopened.body.data.completedOn).toBeNull();
  });
});

describe("notifications of project changes", () => {
  it("tell the client, manager and team (not the one who made the change) in the bell and by email as each prefers", async () => {
    const manager = await people.staff("manager@crestbuild.ng", "Projects");
    const teammate = await people.staff("teammate@crestbuild.ng", "HR");
    const client = await people.client("client@example.com");
    const projectId = await createProject(admin, { clientId: client.id, managerId: manager.id, teamIds: [teammate.id] });
    expect(await notificationsOf(teammate)).toContainEqual(expect.objectContaining({ kind: "project_assigned" }));

    await call(`/projects/${projectId}`, { status: "on_hold", progress: 35 }, manager.auth, "PUT");
    const posted = await upload(`/projects/${projectId}/updates`, [photo(await jpegWithGps())], manager.auth, {
      body: "Work paused for the rains.",
      caption: "Flooded trench",
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({
      body: "Work paused for the rains.",
      author: { id: manager.id },
      photos: [{ caption: "Flooded trench" }],
    });
    await upload(`/projects/${projectId}/documents`, [pdfDocument()], manager.auth, { title: "Site instruction 4" });

    const expectedKinds = ["project_status", "project_progress", "project_update", "document_added"];
    for (const person of [client, teammate]) {
      const kinds = (await notificationsOf(person)).filter((item) => item.projectId === projectId).map((item) => item.kind);
      expect(kinds).toEqual(expect.arrayContaining(expectedKinds));
    }
    const own = (await notificationsOf(manager)).map((item) => item.kind);
    expect(own).not.toEqual(expect.arrayContaining(["project_status"]));
    expect(mailsTo(client)).toEqual(
      expect.arrayContaining([
        "Gwarinpa Family Duplex is now On hold",
        "New site update on Gwarinpa Family Duplex",
        "New document on Gwarinpa Family Duplex: Site instruction 4",
      ]),
    );
    expect(mailsTo(manager)).not.toContain("Gwarinpa Family Duplex is now On hold");

    // A client who turned off status emails still sees the change in the bell.
    const quiet = await people.client("quiet@example.com");
    // (Set in the database: the settings screen's API belongs to another module.)
    await (await testDatabase()).db
      .update(users)
      .set({ notificationPreferences: { project_status: { inApp: true, email: false } } })
      .where(eq(users.id, quiet.id));
    await call(`/projects/${projectId}`, { clientId: quiet.id }, admin.auth, "PUT");
    await call(`/projects/${projectId}`, { status: "in_progress" }, admin.auth, "PUT");
    expect(await notificationsOf(quiet)).toContainEqual(
      expect.objectContaining({ kind: "project_status", title: "Gwarinpa Family Duplex is now In progress" }),
    );
    expect(mailsTo(quiet)).not.toContain("Gwarinpa Family Duplex is now In progress");
  });
});

describe("the client dashboard feed and the office figures", () => {
  it("feeds a client the updates, milestones and documents of their own projects only", async () => {
    const client = await people.client("feed@example.com");
    const mine = await createProject(admin, { title: "My House", clientId: client.id });
    const theirs = await createProject(admin, { title: "Their House" });
    const today = todayInLagos();
    const inTenDays = new Date(Date.parse(`${today}T12:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    for (const projectId of [mine, theirs]) {
      await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: `Update on ${projectId}` });
      await upload(`/projects/${projectId}/documents`, [pdfDocument()], admin.auth, { title: `Contract ${projectId}` });
      await call(`/projects/${projectId}/milestones`, { title: "Soon", dueDate: inTenDays }, admin.auth);
      await call(`/projects/${projectId}/milestones`, { title: "Late", dueDate: "2024-01-15" }, admin.auth);
      await call(`/projects/${projectId}/milestones`, { title: "Far", dueDate: "2099-01-01" }, admin.auth);
    }
    const feed = (await call("/projects/feed", undefined, client.auth)).body.data;
    expect(feed.updates).toEqual([
      expect.objectContaining({ projectId: mine, projectTitle: "My House", body: `Update on ${mine}`, photoCount: 0 }),
    ]);
    expect(feed.documents).toEqual([
      expect.objectContaining({ projectId: mine, title: `Contract ${mine}`, contentType: "application/pdf" }),
    ]);
    expect(feed.milestones.upcoming).toEqual([expect.objectContaining({ projectId: mine, title: "Soon", dueDate: inTenDays })]);
    expect(feed.milestones.overdue).toEqual([expect.objectContaining({ projectId: mine, title: "Late" })]);
  });

  it("gives admins and the oversight departments counts, completion rate, pipeline and overdue milestones", async () => {
    const accounts = await people.staff("ledger@crestbuild.ng", "Accounts");
    const before = (await call("/projects/stats", undefined, accounts.auth)).body.data;
    const over = await createProject(admin, { title: "Over Budget Villa", status: "in_progress", budgetKobo: 1_000_00, spentKobo: 0 });
    await call(`/projects/${over}`, { spentKobo: 1_500_00 }, admin.auth, "PUT");
    await createProject(admin, { title: "Planned Office", status: "planning", budgetKobo: 2_000_00 });
    await createProject(admin, { title: "Dropped Kiosk", status: "cancelled", budgetKobo: 9_000_00 });
    await call(`/projects/${over}/milestones`, { title: "Late slab", dueDate: "2024-02-01" }, admin.auth);

    const stats = (await call("/projects/stats", undefined, accounts.auth)).body.data;
    expect(stats.byStatus.in_progress).toBe(before.byStatus.in_progress + 1);
    expect(stats.byStatus.cancelled).toBe(before.byStatus.cancelled + 1);
    expect(stats.active).toBe(before.active + 2);
    expect(stats.pipelineValueKobo).toBe(before.pipelineValueKobo + 3_000_00);
    expect(stats.completionRate).toBeCloseTo(stats.byStatus.completed / (stats.byStatus.completed + stats.byStatus.cancelled));
    expect(stats.overdueMilestones).toContainEqual(expect.objectContaining({ projectId: over, title: "Late slab", dueDate: "2024-02-01" }));
  });
});

describe("deleting a project", () => {
  it("removes its photos, documents and the photos sent in its conversation with it", async () => {
    const projectId = await createProject(admin);
    const [stored] = (await upload(`/projects/${projectId}/images`, [photo(await jpegWithGps())], admin.auth)).body.data.photos;
    const document = (await upload(`/projects/${projectId}/documents`, [pdfDocument()], admin.auth)).body.data;
    const conversation = (await call(`/conversations/project/${projectId}`, undefined, admin.auth)).body.data.conversation;
    const sent = await upload(
      `/conversations/${conversation.id}/messages`,
      [{ ...photo(await jpegWithGps()), field: "attachments" }],
      admin.auth,
      {
        body: "The roof sheets arrived.",
      },
    );
    const [attachment] = sent.body.data.message.attachments;
    const photoUrls: string[] = [stored.thumbUrl, stored.galleryUrl, attachment.thumbUrl, attachment.url];
    // Private media: the files themselves, in the media store on disk, as well as what the admin is served.
    const fileOf = (url: string) => path.join(testConfig().dataDir, "media", url.replace("/api/media/", ""));
    for (const url of photoUrls) {
      expect((await fetch(server().url(url), { headers: admin.auth })).status).toBe(200);
      expect(existsSync(fileOf(url))).toBe(true);
    }
    expect((await call(`/projects/${projectId}`, undefined, admin.auth, "DELETE")).status).toBe(204);
    for (const url of photoUrls) {
      expect((await fetch(server().url(url), { headers: admin.auth })).status).toBe(404);
      expect(existsSync(fileOf(url))).toBe(false);
    }
    expect((await call(document.downloadUrl.replace(/^\/api/, ""), undefined, admin.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).status).toBe(404);
  });
});

describe("the public portfolio", () => {
  const portfolioTitles = async (category: string) => {
    const titles: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(`/portfolio?category=${category}&page=${page}`);
      if (answer.status === 404) return titles;
      titles.push(...answer.body.data.items.map((item: { title: string }) => item.title));
    }
  };
  const projectsLastModified = async () =>
    /<loc>[^<]*\/projects<\/loc><lastmod>([^<]+)<\/lastmod>/.exec(await (await fetch(server().url("/sitemap.xml"))).text())?.[1];

  const sitemapText = async () => (await fetch(server().url("/sitemap.xml"))).text();
  const secretsOf = (client: SignedIn) => [
    "embassy@example.com",
    "Private Person",
    client.id,
    "77777777700",
    "12345600",
    "budget",
    "spent",
    "clientId",
    "managerId",
    "strongroom",
  ];

  it("offers Digital Marketing a client's project only once its client agrees, and shows its public fields only", async () => {
    const client = await people.client("embassy@example.com", { firstName: "Private", lastName: "Person" });
    // On no project team: Digital Marketing works on the portfolio of projects it does not read.
    const marketing = await people.staff("marketing@crestbuild.ng", "Digital Marketing");
    const lastModified = await projectsLastModified();
    const projectId = await createProject(admin, {
      title: "Confidential Embassy Annex",
      category: "commercial",
      status: "completed",
      description: "Internal notes: the strongroom sits under the north wing.",
      clientId: client.id,
      budgetKobo: 777_777_777_00,
    });
    await call(`/projects/${projectId}`, { spentKobo: 123_456_00 }, admin.auth, "PUT");
    const { slug } = (await call(`/projects/${projectId}`, undefined, admin.auth)).body.data;

    // Not agreed to: on no public page, offered to nobody, and not even an admin may show it.
    expect(await portfolioTitles("commercial")).not.toContain("Confidential Embassy Annex");
    expect(JSON.stringify((await call("/content/home")).body)).not.toContain("Confidential Embassy Annex");
    expect(await (await fetch(server().url("/projects"))).text()).not.toContain("Confidential Embassy Annex");
    expect(await sitemapText()).not.toContain(slug);
    expect(await projectsLastModified()).toBe(lastModified);
    expect((await call("/projects/portfolio-candidates?search=embassy", undefined, marketing.auth)).body.data.total).toBe(0);
    const summary = { isPortfolio: true, publicSummary: "A secure annex for a diplomatic mission." };
    expect((await call(`/projects/${projectId}`, summary, marketing.auth, "PUT")).status).toBe(404);
    const byAdmin = await call(`/projects/${projectId}`, summary, admin.auth, "PUT");
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body.fields?.isPortfolio).toBe("The client has not agreed to this project being shown on the website.");
    expect((await call(`/projects/${projectId}`, undefined, client.auth)).body.data).toMatchObject({
      portfolioConsent: null,
      permissions: { consent: true },
    });

    // The client agrees, on their project page: recorded with who and when.
    const agreed = await call(`/projects/${projectId}/portfolio-consent`, { consent: true }, client.auth, "PUT");
    expect(agreed.status).toBe(200);
    expect(agreed.body.data.portfolioConsent).toEqual({ givenAt: expect.any(String), givenBy: "Private Person" });
    expect(Date.now() - Date.parse(agreed.body.data.portfolioConsent.givenAt)).toBeLessThan(60_000);
    expect((await call(`/projects/${projectId}`, undefined, admin.auth)).body.data.portfolioConsent).toEqual(
      agreed.body.data.portfolioConsent,
    );

    const candidates = await call("/projects/portfolio-candidates?search=embassy", undefined, marketing.auth);
    expect(candidates.body.data).toMatchObject({ total: 1, page: 1, pageSize: PROJECT_PAGE_SIZE, pageCount: 1 });
    expect(candidates.body.data.items).toEqual([
      expect.objectContaining({ id: projectId, isPortfolio: false, consentGivenAt: agreed.body.data.portfolioConsent.givenAt }),
    ]);
    for (const secret of secretsOf(client)) expect(JSON.stringify(candidates.body)).not.toContain(secret);
    // Still not theirs to read: nor its budget, documents, messages or diary.
    for (const part of ["", "/documents", "/updates", "/images"]) {
      expect((await call(`/projects/${projectId}${part}`, undefined, marketing.auth)).status).toBe(404);
    }
    // Only the portfolio fields: anything else on it is not theirs to change.
    expect((await call(`/projects/${projectId}`, { ...summary, title: "Renamed" }, marketing.auth, "PUT")).status).toBe(404);
    expect((await call("/projects/portfolio-candidates", undefined, client.auth)).status).toBe(403);

    const refused = await call(`/projects/${projectId}`, { isPortfolio: true }, marketing.auth, "PUT");
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.publicSummary).toBe("Write a public summary before showing the project in the portfolio.");
    const flagged = await call(`/projects/${projectId}`, summary, marketing.auth, "PUT");
    expect(flagged.status).toBe(200);
    for (const secret of secretsOf(client)) expect(JSON.stringify(flagged.body)).not.toContain(secret);

    expect(await portfolioTitles("commercial")).toContain("Confidential Embassy Annex");
    const caseStudy = await call(`/portfolio/${slug}`);
    expect(caseStudy.status).toBe(200);
    expect(caseStudy.body.data).toMatchObject({ slug, title: "Confidential Embassy Annex", publicSummary: summary.publicSummary });
    const page = await fetch(server().url(`/projects/${slug}`));
    expect(page.status).toBe(200);
    const pageText = await page.text();
    expect(pageText).toContain("A secure annex for a diplomatic mission.");
    expect(await sitemapText()).toContain(`/projects/${slug}</loc>`);
    for (const publicText of [
      JSON.stringify((await call("/portfolio?category=commercial")).body),
      JSON.stringify(caseStudy.body),
      pageText,
    ]) {
      for (const secret of secretsOf(client)) expect(publicText).not.toContain(secret);
    }
    expect(await projectsLastModified()).not.toBe(lastModified);
  });

  it("takes a project off the public site when its client withdraws, until they agree and it is chosen again", async () => {
    const client = await people.client("withdraws@example.com", { firstName: "Ada", lastName: "Eze" });
    const marketing = await people.staff("marketing@crestbuild.ng", "Digital Marketing");
    const projectId = await createProject(admin, { title: "Asokoro Garden House", status: "in_progress", clientId: client.id });
    const { slug } = (await call(`/projects/${projectId}`, undefined, admin.auth)).body.data;
    expect((await call(`/projects/${projectId}/portfolio-consent`, { consent: true }, client.auth, "PUT")).status).toBe(200);
    const shown = { isPortfolio: true, publicSummary: "A family home among the trees of Asokoro." };
    expect((await call(`/projects/${projectId}`, shown, marketing.auth, "PUT")).status).toBe(200);
    expect((await fetch(server().url(`/projects/${slug}`))).status).toBe(200);
    expect(await sitemapText()).toContain(`/projects/${slug}</loc>`);

    const withdrawn = await call(`/projects/${projectId}/portfolio-consent`, { consent: false }, client.auth, "PUT");
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ portfolioConsent: null, isPortfolio: false });
    // Gone at once from every public page (the rendered pages' cache included), the sitemap and the candidates.
    expect((await call(`/portfolio/${slug}`)).status).toBe(404);
    const page = await fetch(server().url(`/projects/${slug}`));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page Not Found");
    expect(await sitemapText()).not.toContain(`/projects/${slug}<`);
    expect(await portfolioTitles("residential")).not.toContain("Asokoro Garden House");
    expect((await call("/projects/portfolio-candidates?search=asokoro", undefined, marketing.auth)).body.data.total).toBe(0);
    expect((await call(`/projects/${projectId}`, shown, marketing.auth, "PUT")).status).toBe(404);

    // Agreeing again offers it again; showing it is Digital Marketing's choice once more.
    expect((await call(`/projects/${projectId}/portfolio-consent`, { consent: true }, client.auth, "PUT")).status).toBe(200);
    expect((await call(`/portfolio/${slug}`)).status).toBe(404);
    expect((await call("/projects/portfolio-candidates?search=asokoro", undefined, marketing.auth)).body.data.items).toEqual([
      expect.objectContaining({ id: projectId, isPortfolio: false }),
    ]);
    expect((await call(`/projects/${projectId}`, shown, marketing.auth, "PUT")).status).toBe(200);
    expect((await call(`/portfolio/${slug}`)).status).toBe(200);

    // Another client's agreement is theirs to give: a new client takes the project off the site.
    const buyer = await people.client("buyer@example.com");
    expect((await call(`/projects/${projectId}`, { clientId: buyer.id }, admin.auth, "PUT")).body.data).toMatchObject({
      portfolioConsent: null,
      isPortfolio: false,
    });
    expect((await call(`/portfolio/${slug}`)).status).toBe(404);
  });

  it("lets only the project's client agree, refuses a bad answer clearly, and keeps the first agreement's record", async () => {
    const client = await people.client("owner@example.com", { firstName: "Bola", lastName: "Ade" });
    const other = await people.client("other@example.com");
    const office = await people.staff("office@crestbuild.ng", "Projects");
    const marketing = await people.staff("marketing@crestbuild.ng", "Digital Marketing");
    const projectId = await createProject(admin, { clientId: client.id });
    const consent = (actor: SignedIn, body: unknown, id = projectId) => call(`/projects/${id}/portfolio-consent`, body, actor.auth, "PUT");
    expect((await consent(other, { consent: true })).status).toBe(404);
    expect((await consent(marketing, { consent: true })).status).toBe(404);
    expect((await consent(office, { consent: true })).status).toBe(403);
    expect((await consent(admin, { consent: true })).status).toBe(403);
    expect((await consent(client, { consent: true }, 999_999)).status).toBe(404);
    for (const body of [{}, { consent: "yes" }, { consent: 1 }]) {
      const bad = await consent(client, body);
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.consent).toBe("Say whether you agree: true or false.");
    }
    expect((await call(`/projects/${projectId}`, undefined, client.auth)).body.data.portfolioConsent).toBeNull();

    const first = (await consent(client, { consent: true })).body.data.portfolioConsent;
    const answers = await Promise.all(Array.from({ length: 10 }, () => consent(client, { consent: true })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.map((answer) => answer.body.data.portfolioConsent)).toEqual(Array(10).fill(first));
  });

  it("pages the portfolio candidates by twenty, with the page count, for Digital Marketing", async () => {
    const marketing = await people.staff("marketing@crestbuild.ng", "Digital Marketing");
    const client = await people.client("tower-owner@example.com");
    // Every project under way or completed, whoever works on it: the company's own here (no client, no one to ask).
    await storeProjects(PROJECT_PAGE_SIZE - 1, "Wuse Office Tower");
    await storeProjects(1, "Done Office Tower", { status: "completed" });
    await storeProjects(1, "Agreed Tower", { clientId: client.id, portfolioConsentAt: new Date() });
    // Requests, plans, held or cancelled projects are no candidates, nor a client's without their agreement.
    for (const status of ["requested", "planning", "on_hold", "cancelled"] as const) await storeProjects(1, `${status} Tower`, { status });
    await storeProjects(2, "Unagreed Tower", { clientId: client.id });
    await expectTwoPages(call, "/projects/portfolio-candidates?search=tower", PROJECT_PAGE_SIZE, marketing.auth);
  });
});

describe("the site diary's text", () => {
  it("refuses an entry nested 3,500 quotes deep with 400 and a clear message, and takes one 20 deep", async () => {
    const projectId = await createProject(admin);
    const refused = await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: `${">".repeat(3500)} slab` });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.body).toBe("Quotes and lists can be nested at most 20 levels deep.");
    expect((await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: `${"> ".repeat(20)}slab` })).status).toBe(201);
  });
});
