import { describe, expect, it } from "vitest";
import type { ProjectStatus } from "../../../shared/project-terms.js";
import { contactInquiries, conversations, messages, projects, securityEvents, users } from "../../db/schema.js";
import { person } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();
const db = async () => (await testDatabase()).db;
const DAY = 86_400_000;

const project = (reference: string, status: ProjectStatus) => ({
  slug: reference.toLowerCase(),
  reference,
  title: `Project ${reference}`,
  category: "residential" as const,
  description: "A project.",
  city: "Abuja",
  country: "NG",
  status,
});

describe("GET /api/office/overview", () => {
  it("counts accounts, approvals, open inquiries, projects, messages and sign-in failures from the database", async () => {
    const admin = await people.admin();
    const officer = await people.staff("kemi@crestbuild.ng", "Admin");
    const before = (await call("/office/overview", undefined, officer.auth)).body.data;

    const database = await db();
    await people.client("client@example.com");
    await call("/auth/register", person("waiting@crestbuild.ng", { isStaff: true, department: "HR" }));
    await database.insert(users).values({
      email: "blocked@example.com",
      firstName: "Blocked",
      lastName: "Client",
      department: "General Users",
      passwordHash: "x",
      active: false,
    });
    await database.insert(contactInquiries).values(
      (["new", "assigned", "handled"] as const).map((status) => ({
        name: "Visitor",
        email: "visitor@example.com",
        subject: `A ${status} inquiry`,
        message: "Some message.",
        status,
      })),
    );
    await database
      .insert(projects)
      .values([
        project("T-1", "planning"),
        project("T-2", "on_hold"),
        project("T-3", "requested"),
        project("T-4", "requested"),
        project("T-5", "completed"),
      ]);
    const [channel] = await database.insert(conversations).values({ kind: "department", department: "Admin" }).returning();
    if (!channel) throw new Error("conversation not stored");
    await database.insert(messages).values([
      { conversationId: channel.id, authorId: admin.id, body: "Today" },
      { conversationId: channel.id, authorId: admin.id, body: "Last week", createdAt: new Date(Date.now() - 8 * DAY) },
    ]);
    for (const password of ["wrong-once", "wrong-twice"]) {
      expect((await call("/auth/verify-credentials", { email: "client@example.com", password })).status).toBe(401);
    }
    await database.insert(securityEvents).values({
      type: "sign_in",
      outcome: "failure",
      email: "client@example.com",
      createdAt: new Date(Date.now() - 2 * DAY),
    });

    const { status, body } = await call("/office/overview", undefined, officer.auth);
    expect(status).toBe(200);
    const after = body.data;
    expect(after.usersByRole).toEqual({ admin: 1, staff: 2, user: 2 });
    expect(after.blocked).toBe(1);
    expect(after.pendingApprovals).toBe(before.pendingApprovals + 1);
    expect(after.openInquiries).toBe(before.openInquiries + 2);
    expect(after.activeProjects).toBe(before.activeProjects + 2);
    expect(after.requestsWaiting).toBe(before.requestsWaiting + 2);
    expect(after.messagesLast7Days).toBe(before.messagesLast7Days + 1);
    expect(after.signInFailuresLast24h).toBe(before.signInFailuresLast24h + 2);

    const events = (await call("/office/overview", undefined, admin.auth)).body.data.recentSecurityEvents;
    expect(events).toHaveLength(10);
    const [newest] = events;
    expect(Object.keys(newest).sort()).toEqual(["createdAt", "email", "id", "ipAddress", "outcome", "reason", "type", "userAgent"]);
    const ids = events.map((event: { id: number }) => event.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(JSON.stringify(after)).not.toMatch(/wrong-once|argon2|passwordHash|tokenHash/);
  });

  it("is open to the Admin department and admins only", async () => {
    const admin = await people.admin();
    const officer = await people.staff("kemi@crestbuild.ng", "Admin");
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const client = await people.client("client@example.com");
    for (const allowed of [admin, officer]) expect((await call("/office/overview", undefined, allowed.auth)).status).toBe(200);
    for (const refused of [hr, client]) expect((await call("/office/overview", undefined, refused.auth)).status).toBe(403);
    expect((await call("/office/overview")).status).toBe(401);
  });

  it("shows the security events, with other people's emails and addresses, to admins only", async () => {
    const admin = await people.admin();
    const officer = await people.staff("kemi@crestbuild.ng", "Admin");
    await people.client("someone-else@example.com");
    expect((await call("/auth/verify-credentials", { email: "someone-else@example.com", password: "wrong-once" })).status).toBe(401);
    const forOfficer = await call("/office/overview", undefined, officer.auth);
    expect(forOfficer.status).toBe(200);
    expect(forOfficer.body.data.recentSecurityEvents).toBeNull();
    expect(forOfficer.raw.toString()).not.toContain("someone-else@example.com");
    expect(forOfficer.raw.toString()).not.toContain("127.0.0.1");
    const forAdmin = await call("/office/overview", undefined, admin.auth);
    expect(JSON.stringify(forAdmin.body.data.recentSecurityEvents)).toContain("someone-else@example.com");
  });
});
