import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProjectListPage } from "../../../shared/projects.js";
import { milestones, projects, projectTeam, users } from "../../db/schema.js";
import { keptAnswersOnEach } from "../../testing/kept-answers.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer, type TestServer, testDatabase } from "../../testing/test-app.js";

// Two instances on one database, as behind a load balancer: each keeps the list pages it answered.
const { server: first, mail, call, people, createProject } = setUpTestServer();
let second: TestServer;
beforeEach(async () => {
  second = await startTestServer({ SMTP_URL: mail().url }, { keepData: true });
});
afterEach(() => second.close());

/** The list as this person sees it on each instance, a kept answer of each. */
const listsOnBoth = (who: SignedIn, query = "") => keptAnswersOnEach<ProjectListPage>([first(), second], who, `/projects${query}`);

describe("the projects list cache on two instances", () => {
  it("shows a change to a project, its milestones, its team or its client's name on the next list from either instance", async () => {
    const admin = await people.admin();
    const manager = await people.staff("pm@crestbuild.ng", "Projects");
    const engineer = await people.staff("engineer@crestbuild.ng", "HR");
    const client = await people.client("amaka@example.com", { firstName: "Amaka", lastName: "Obi" });
    const projectId = await createProject(admin, { title: "Gwarinpa Terraces", clientId: client.id, managerId: manager.id });

    // The starting content has portfolio projects of its own: the admin reads this client's.
    const ofClient = `?client=${client.id}`;
    for (const page of await listsOnBoth(admin, ofClient)) expect(page.items.map((item) => item.title)).toEqual(["Gwarinpa Terraces"]);
    for (const page of await listsOnBoth(engineer)) expect(page).toMatchObject({ items: [], total: 0 });

    // Through the API of the first instance, one change at a time (each alone gives the new version).
    const adminSees = async (expected: Record<string, unknown>) => {
      for (const page of await listsOnBoth(admin, ofClient)) expect(page.items[0]).toMatchObject(expected);
    };
    expect((await call(`/projects/${projectId}`, { title: "Gwarinpa Terraces, phase 2" }, admin.auth, "PUT")).status).toBe(200);
    await adminSees({ title: "Gwarinpa Terraces, phase 2" });
    const milestone = await call(`/projects/${projectId}/milestones`, { title: "Roofing", dueDate: "2027-03-01" }, admin.auth);
    expect(milestone.status).toBe(201);
    await adminSees({ nextMilestone: { title: "Roofing", dueDate: "2027-03-01" } });
    expect((await call("/auth/profile", { firstName: "Amarachi" }, client.auth, "PUT")).status).toBe(200);
    await adminSees({ client: { name: "Amarachi Obi" } });
    expect((await call(`/projects/${projectId}`, { teamIds: [engineer.id] }, admin.auth, "PUT")).status).toBe(200);
    for (const page of await listsOnBoth(engineer)) expect(page).toMatchObject({ total: 1, items: [{ id: projectId }] });

    // An operator's SQL counts the same: the database's triggers give the new version.
    const { db } = await testDatabase();
    await db.update(projects).set({ progress: 77 }).where(eq(projects.id, projectId));
    await adminSees({ progress: 77 });
    // A milestone or a team place alone (the API's changes also touch the project's row).
    await db.insert(milestones).values({ projectId, title: "Foundations", dueDate: "2027-01-15", position: 0 });
    await adminSees({ nextMilestone: { title: "Foundations", dueDate: "2027-01-15" } });
    for (const page of await listsOnBoth(engineer)) expect(page.total).toBe(1);
    await db.delete(projectTeam).where(eq(projectTeam.userId, engineer.id));
    for (const page of await listsOnBoth(engineer)) expect(page).toMatchObject({ items: [], total: 0 });
    await db.delete(projects).where(eq(projects.id, projectId));
    for (const page of await listsOnBoth(admin, ofClient)) expect(page).toMatchObject({ items: [], total: 0 });
  });

  it("keeps each person's pages apart: the same query answers what that person may read, now", async () => {
    const admin = await people.admin();
    const amaka = await people.client("amaka@example.com");
    const tunde = await people.client("tunde@example.com");
    const officer = await people.staff("office@crestbuild.ng", "Projects");
    await createProject(admin, { title: "Cache test Duplex", clientId: amaka.id });
    const query = "?search=Cache%20test&sort=title";
    await createProject(admin, { title: "Cache test Shop", clientId: tunde.id });

    for (const page of await listsOnBoth(amaka, query)) expect(page.items.map((item) => item.title)).toEqual(["Cache test Duplex"]);
    for (const page of await listsOnBoth(tunde, query)) expect(page.items.map((item) => item.title)).toEqual(["Cache test Shop"]);
    // A client sees the finances of their own project; the project office sees every project's.
    for (const page of await listsOnBoth(officer, query)) {
      expect(page.items.map((item) => item.title)).toEqual(["Cache test Duplex", "Cache test Shop"]);
      for (const item of page.items) expect(item.finance).not.toBeNull();
    }

    // A move to another department changes no project (so no version), yet holds on the very next list.
    const { db } = await testDatabase();
    await db.update(users).set({ department: "Digital Marketing" }).where(eq(users.id, officer.id));
    for (const page of await listsOnBoth(officer, query)) expect(page).toMatchObject({ items: [], total: 0 });
  });

  it("takes 30 changes to one project at once without a deadlock, and lists their outcome", async () => {
    const admin = await people.admin();
    const client = await people.client("amaka@example.com");
    const projectId = await createProject(admin, { title: "Kubwa Plaza", clientId: client.id });
    await listsOnBoth(admin, `?client=${client.id}`);
    // Each adds a milestone (its own row, then the project's progress) or renames the project: rows locked in both orders.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? call(`/projects/${projectId}/milestones`, { title: `Stage ${i}`, dueDate: `2027-01-${String(i).padStart(2, "0")}` }, admin.auth)
          : call(`/projects/${projectId}`, { title: `Kubwa Plaza ${i}` }, admin.auth, "PUT"),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(15).fill(200), ...Array(15).fill(201)]);
    const { db } = await testDatabase();
    const [saved] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
    for (const page of await listsOnBoth(admin, `?client=${client.id}`)) {
      expect(page.items[0]).toMatchObject({ title: saved?.title, nextMilestone: { title: "Stage 1", dueDate: "2027-01-01" } });
    }
  });
});
