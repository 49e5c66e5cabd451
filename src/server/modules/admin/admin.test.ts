import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AuditAction, adminMessages } from "../../../shared/admin.js";
import { authMessages } from "../../../shared/auth.js";
import { adminAuditLog, projects, users } from "../../db/schema.js";
import { migrationsDir } from "../../paths.js";
import { connectRealtime } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, server, signIn, registerVerified, people, createProject } = setUpTestServer();

const db = async () => (await testDatabase()).db;
const put = (path: string, body: unknown, auth: Record<string, string>) => call(path, body, auth, "PUT");
const auditOf = async (action: AuditAction) => (await db()).select().from(adminAuditLog).where(eq(adminAuditLog.action, action));

const contact = {
  phone: "+234 803 555 0199",
  email: "hello@crestbuild.ng",
  enquiriesEmail: "projects@crestbuild.ng",
  street: "12 Aminu Kano Crescent, Wuse II",
  locality: "Abuja",
  region: "FCT",
  postalCode: "900288",
};
const settingsWith = (changes: Record<string, unknown>) => ({
  registrationOpen: true,
  staffApprovalRequired: true,
  contact,
  maintenanceBanner: "",
  ...changes,
});

describe("role and department", () => {
  it("moves a staff member to another department with a new department code; their next sign-in lands on its dashboard; both changes audited", async () => {
    const admin = await people.admin();
    const staff = await people.staff("ngozi@crestbuild.ng", "HR");
    const moved = await put(`/admin/users/${staff.id}/department`, { department: "Projects" }, admin.auth);
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(adminMessages.departmentChanged);
    expect(moved.body.data.department_code).toMatch(/^PR\d{5}$/);
    expect((await signIn("ngozi@crestbuild.ng")).dashboard).toBe("/dashboard/projects");

    const promoted = await put(`/admin/users/${staff.id}/role`, { role: "admin" }, admin.auth);
    expect(promoted.status).toBe(200);
    expect((await signIn("ngozi@crestbuild.ng")).dashboard).toBe("/admin");

    const [line] = await auditOf("user.department_changed");
    expect(line).toMatchObject({
      actorEmail: "admin@crestbuild.ng",
      targetId: staff.id,
      targetLabel: "ngozi@crestbuild.ng",
      before: { department: "HR" },
      after: { department: "Projects" },
      ipAddress: "127.0.0.1",
    });
    expect(await auditOf("user.role_changed")).toHaveLength(1);
  });

  it("takes a demoted admin's admin rights away from their very next request, without waiting for the token to expire", async () => {
    const admin = await people.admin();
    const second = await people.staff("second@crestbuild.ng", "Admin");
    expect((await put(`/admin/users/${second.id}/role`, { role: "admin" }, admin.auth)).status).toBe(200);
    const secondAdmin = await (async () => {
      const session = await signIn("second@crestbuild.ng");
      return { authorization: `Bearer ${session.accessToken}` };
    })();
    expect((await call("/admin/dashboard", undefined, secondAdmin)).status).toBe(200);
    expect((await put(`/admin/users/${second.id}/role`, { role: "staff" }, admin.auth)).status).toBe(200);
    expect((await call("/admin/dashboard", undefined, secondAdmin)).status).toBe(403);
  });

  it("refuses a client's department, an unknown role or department, and an unknown account", async () => {
    const admin = await people.admin();
    const client = await people.client("client@example.com");
    const refused = await put(`/admin/users/${client.id}/department`, { department: "HR" }, admin.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(adminMessages.clientHasNoDepartment);
    expect((await put(`/admin/users/${client.id}/role`, { role: "owner" }, admin.auth)).body.fields.role).toBe(
      "Choose admin, staff or user.",
    );
    expect((await put(`/admin/users/${client.id}/department`, { department: "Sales" }, admin.auth)).status).toBe(400);
    expect((await put("/admin/users/00000000-0000-4000-8000-000000000000/role", { role: "staff" }, admin.auth)).status).toBe(404);
    expect((await put("/admin/users/not-an-id/role", { role: "staff" }, admin.auth)).status).toBe(404);
  });
});

describe("self and last-admin protection", () => {
  it("refuses an admin blocking, demoting or deleting themself, and says why", async () => {
    const admin = await people.admin();
    for (const answer of [
      await call(`/admin/users/${admin.id}/block`, { blocked: true }, admin.auth),
      await put(`/admin/users/${admin.id}/role`, { role: "staff" }, admin.auth),
      await call(`/admin/users/${admin.id}`, undefined, admin.auth, "DELETE"),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(adminMessages.notYourself);
    }
    const [row] = await (await db()).select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: "admin", active: true });
  });

  it("leaves one active admin when two admins block each other at the same moment", async () => {
    const first = await people.admin();
    const secondStaff = await people.staff("second@crestbuild.ng", "Admin");
    await put(`/admin/users/${secondStaff.id}/role`, { role: "admin" }, first.auth);
    const second = await signIn("second@crestbuild.ng");
    const secondAuth = { authorization: `Bearer ${second.accessToken}` };
    const answers = await Promise.all([
      call(`/admin/users/${secondStaff.id}/block`, { blocked: true }, first.auth),
      call(`/admin/users/${first.id}/block`, { blocked: true }, secondAuth),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const active = await (await db()).select().from(users).where(sql`${users.role} = 'admin' and ${users.active}`);
    expect(active).toHaveLength(1);
  });
});

describe("blocking", () => {
  it("refuses a blocked user's next request, refresh, open connection and sign-in with 'Account is deactivated'; unblocking lets them sign in, old sessions stay ended", async () => {
    const admin = await people.admin();
    const client = await people.client("blocked@example.com");
    const realtime = await connectRealtime(server());
    realtime.send({ type: "auth", accessToken: client.accessToken });
    await realtime.waitFor((frame) => frame.type === "ready");

    const blocked = await call(`/admin/users/${client.id}/block`, { blocked: true, reason: "Unpaid invoices" }, admin.auth);
    expect(blocked.status).toBe(200);
    expect(blocked.body.message).toBe(adminMessages.blocked);
    expect(await realtime.closed).toEqual({ code: 4401, reason: authMessages.accountDeactivated });

    const request = await call("/auth/profile", undefined, client.auth);
    expect(request.status).toBe(401);
    expect(request.body.message).toBe(authMessages.accountDeactivated);
    const refresh = await call("/auth/refresh", { refreshToken: client.refreshToken });
    expect(refresh.status).toBe(401);
    expect(refresh.body.message).toBe(authMessages.accountDeactivated);
    const signInAgain = await call("/auth/verify-credentials", { email: "blocked@example.com", password: "harmattan-2026" });
    expect(signInAgain.body.message).toBe(authMessages.accountDeactivated);
    const reconnect = await connectRealtime(server());
    reconnect.send({ type: "auth", accessToken: client.accessToken });
    expect(await reconnect.closed).toEqual({ code: 4401, reason: authMessages.accountDeactivated });
    expect((await auditOf("user.blocked"))[0]).toMatchObject({ after: { active: false, reason: "Unpaid invoices" } });

    // A reason sent with an unblock (a form that kept the block's) is not the unblock's: its audit entry has none.
    const unblocked = await call(`/admin/users/${client.id}/block`, { blocked: false, reason: "Unpaid invoices" }, admin.auth);
    expect(unblocked.body.message).toBe(adminMessages.unblocked);
    expect((await auditOf("user.unblocked"))[0]?.after).toEqual({ active: true });
    expect((await call("/auth/profile", undefined, client.auth)).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: client.refreshToken })).status).toBe(401);
    expect((await signIn("blocked@example.com")).dashboard).toBe("/dashboard");
  });
});

describe("deletion", () => {
  it("deletes another account: its token is refused at once, its projects stay without a client, the audit log keeps who it was", async () => {
    const admin = await people.admin();
    const client = await people.client("leaving@example.com");
    const projectId = await createProject(admin, { clientId: client.id });
    const deleted = await call(`/admin/users/${client.id}`, undefined, admin.auth, "DELETE");
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(adminMessages.deleted);
    const request = await call("/auth/profile", undefined, client.auth);
    expect(request.status).toBe(401);
    expect(request.body.message).toBe(authMessages.accountDeactivated);
    const [kept] = await (await db()).select().from(projects).where(eq(projects.id, projectId));
    expect(kept?.clientId).toBeNull();
    expect((await auditOf("user.deleted"))[0]).toMatchObject({ targetId: client.id, targetLabel: "leaving@example.com" });
    expect((await call(`/admin/users/${client.id}`, undefined, admin.auth, "DELETE")).status).toBe(404);
  });
});

describe("settings", () => {
  it("closes registration with the product's wording, and lets staff in without approval when the admin says so", async () => {
    const admin = await people.admin();
    expect((await put("/admin/settings", settingsWith({ registrationOpen: false }), admin.auth)).status).toBe(200);
    const closed = await call("/auth/register", {
      firstName: "Ada",
      lastName: "Eze",
      email: "late@example.com",
      password: "harmattan-2026",
      confirmPassword: "harmattan-2026",
    });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe("New registrations are currently disabled. Please contact support.");
    expect((await call("/content/company")).body.data.registrationClosed).toBe(true);

    await put("/admin/settings", settingsWith({ staffApprovalRequired: false }), admin.auth);
    await registerVerified("direct@crestbuild.ng", { isStaff: true, department: "Projects" });
    expect((await signIn("direct@crestbuild.ng")).dashboard).toBe("/dashboard/projects");
  });

  it("shows the new contact details and banner on the public API and pages at once, and audits the change", async () => {
    const admin = await people.admin();
    const initial = await call("/admin/settings", undefined, admin.auth);
    expect(initial.body.data).toMatchObject({ registrationOpen: true, staffApprovalRequired: true, maintenanceBanner: "" });
    expect(initial.body.data.contact.phone).toBe("+234 9 291 4470");
    const saved = await put(
      "/admin/settings",
      settingsWith({ maintenanceBanner: "Portal maintenance on Saturday 08:00-10:00." }),
      admin.auth,
    );
    expect(saved.status).toBe(200);
    const company = await call("/content/company");
    expect(company.body.data).toMatchObject({
      phone: contact.phone,
      email: contact.email,
      maintenanceBanner: "Portal maintenance on Saturday 08:00-10:00.",
    });
    const page = await (await fetch(server().url("/contact"))).text();
    expect(page).toContain(contact.phone);
    expect(page).toContain(`"telephone":"${contact.phone}"`);
    expect((await auditOf("settings.changed"))[0]?.before).toMatchObject({ contact: { phone: "+234 9 291 4470" } });
  });

  it("keeps markup an admin typed in the contact details out of the page's scripts and HTML", async () => {
    const admin = await people.admin();
    const street = "12 Aminu Kano Crescent</script><script>alert(1)</script>";
    expect((await put("/admin/settings", settingsWith({ contact: { ...contact, street } }), admin.auth)).status).toBe(200);
    const page = await (await fetch(server().url("/contact"))).text();
    expect(page).toContain("12 Aminu Kano Crescent");
    expect(page).not.toContain("<script>alert(1)</script>");
  });

  it("refuses bad settings field by field and keeps what was saved", async () => {
    const admin = await people.admin();
    const refused = await put(
      "/admin/settings",
      settingsWith({ contact: { ...contact, email: "nope" }, registrationOpen: "yes" }),
      admin.auth,
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields).sort()).toEqual(["contact.email", "registrationOpen"]);
    expect((await call("/admin/settings", undefined, admin.auth)).body.data.registrationOpen).toBe(true);
  });
});

describe("announcements", () => {
  it("reaches the chosen department live and in its list, not the other departments", async () => {
    const admin = await people.admin();
    const projectsStaff = await people.staff("pm@crestbuild.ng", "Projects");
    const hrStaff = await people.staff("hr@crestbuild.ng", "HR");
    const live = await connectRealtime(server());
    live.send({ type: "auth", accessToken: projectsStaff.accessToken });
    await live.waitFor((frame) => frame.type === "ready");

    const sent = await call("/admin/announcements", { audience: "Projects", title: "Site safety week", body: "Helmets on." }, admin.auth);
    expect(sent.status).toBe(201);
    const pushed = await live.waitFor((frame) => frame.type === "notification");
    expect(pushed).toMatchObject({ notification: { kind: "announcement", title: "Site safety week", link: "/dashboard/announcements" } });
    live.close();

    const forProjects = await call("/announcements", undefined, projectsStaff.auth);
    expect(forProjects.body.data).toMatchObject({ total: 1, pageCount: 1, items: [{ title: "Site safety week", audience: "Projects" }] });
    expect((await call("/announcements", undefined, hrStaff.auth)).body.data.total).toBe(0);
    expect((await call("/notifications", undefined, hrStaff.auth)).body.data.items).toHaveLength(0);
    expect((await call("/admin/announcements", { audience: "Sales", title: "x" }, admin.auth)).status).toBe(400);
  });
});

describe("dashboard, health and audit log", () => {
  it("counts accounts, sessions, projects, inquiries and sign-in failures", async () => {
    const admin = await people.admin();
    await people.client("one@example.com");
    await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "HR" });
    await call("/auth/verify-credentials", { email: "one@example.com", password: "wrong-password-1" });
    const { status, body } = await call("/admin/dashboard", undefined, admin.auth);
    expect(status).toBe(200);
    expect(body.data.accounts).toMatchObject({
      byRole: { admin: 1, user: 1, staff: 1 },
      byStatus: { active: 2, pending: 1, blocked: 0 },
      signUpsLast7Days: 3,
    });
    expect(body.data.activeSessions).toBeGreaterThanOrEqual(2);
    expect(body.data.last24Hours.signInFailures).toBe(1);
  });

  it("reports the database, last migration, storage, mail transport, Redis, uptime, memory and version", async () => {
    const admin = await people.admin();
    const { body } = await call("/admin/health", undefined, admin.auth);
    const newestMigration = readdirSync(migrationsDir)
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .at(-1);
    expect(body.data.database).toMatchObject({ status: "ok", lastMigration: newestMigration });
    expect(body.data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.data.storage.status).toBe("ok");
    expect(body.data.mail).toMatchObject({ status: "ok", transport: "smtp", detail: "SMTP server verified" });
    // Without REDIS_URL (the Redis case is in platform/redis-hub.test.ts).
    expect(body.data.redis.status).toBe("off");
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.data.memory.rssBytes).toBeGreaterThan(0);
  });

  it("pages and filters the audit log, which no endpoint edits and the database refuses to change", async () => {
    const admin = await people.admin();
    const staff = await people.staff("audited@crestbuild.ng", "HR");
    await put(`/admin/users/${staff.id}/department`, { department: "Projects" }, admin.auth);
    const all = await call("/admin/audit-log", undefined, admin.auth);
    expect(all.body.data).toMatchObject({ total: 2, page: 1, pageSize: 25, pageCount: 1 });
    expect(all.body.data.items.map((entry: { action: string }) => entry.action)).toEqual(["user.department_changed", "user.approved"]);
    const filtered = await call("/admin/audit-log?action=user.approved&search=AUDITED", undefined, admin.auth);
    expect(filtered.body.data.total).toBe(1);
    expect((await call("/admin/audit-log?page=10001", undefined, admin.auth)).status).toBe(400);
    expect((await call("/admin/audit-log", undefined, admin.auth, "DELETE")).status).toBe(404);
    await expect((await db()).delete(adminAuditLog)).rejects.toThrow();
    await expect((await db()).update(adminAuditLog).set({ actorEmail: "someone@else" })).rejects.toThrow();
  });
});

describe("who may call the admin endpoints", () => {
  const endpoints: [method: string, path: (id: string) => string, body?: unknown][] = [
    ["GET", () => "/admin/users"],
    ["POST", (id) => `/admin/users/${id}/approve`, {}],
    ["PUT", (id) => `/admin/users/${id}/role`, { role: "admin" }],
    ["PUT", (id) => `/admin/users/${id}/department`, { department: "Admin" }],
    ["POST", (id) => `/admin/users/${id}/block`, { blocked: true }],
    ["DELETE", (id) => `/admin/users/${id}`],
    ["GET", () => "/admin/dashboard"],
    ["GET", () => "/admin/health"],
    ["GET", () => "/admin/settings"],
    ["PUT", () => "/admin/settings", settingsWith({ registrationOpen: false })],
    ["GET", () => "/admin/audit-log"],
    ["POST", () => "/admin/announcements", { audience: "all", title: "Hello" }],
  ];

  it("refuses every admin endpoint to anonymous (401), client, staff and Admin-department staff (403) callers, and changes nothing", async () => {
    await people.admin();
    const client = await people.client("client@example.com");
    const staff = await people.staff("staff@crestbuild.ng", "Projects");
    const office = await people.staff("office@crestbuild.ng", "Admin");
    const callers: [string, Record<string, string>, number][] = [
      ["anonymous", {}, 401],
      ["client", client.auth, 403],
      ["staff", staff.auth, 403],
      ["Admin department", office.auth, 403],
    ];
    for (const [method, path, body] of endpoints) {
      for (const [who, auth, expected] of callers) {
        const answer = await call(path(staff.id), body, auth, method);
        expect(`${who} ${method} ${path(":id")}: ${answer.status}`).toBe(`${who} ${method} ${path(":id")}: ${expected}`);
      }
    }
    const [row] = await (await db()).select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ role: "staff", active: true, department: "Projects" });
    expect(await (await db()).select().from(adminAuditLog)).toHaveLength(2);
  });
});
