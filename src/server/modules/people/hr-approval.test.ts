import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, users } from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, registerVerified, signIn, mail, people } = setUpTestServer();

const db = async () => (await testDatabase()).db;
/** A mail's text with its quoted-printable soft line breaks joined. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, "");
const denied = "Access denied. You don't have permission to access this resource.";

describe("POST /api/people/{id}/approve: HR lets staff in", () => {
  it("approves a pending staff member as HR's own act: audited under HR's name, emailed, signed in to their dashboard", async () => {
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR", { firstName: "Ifeoma", lastName: "Eze" });
    const pendingId = await registerVerified("musa@crestbuild.ng", { isStaff: true, department: "Projects" });
    const approved = await call(`/people/${pendingId}/approve`, {}, hr.auth);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe("Account approved.");
    const message = await mail().latestTo("musa@crestbuild.ng");
    expect(message.subject).toBe("Your Crestbuild staff account is approved");
    expect(bodyOf(message.raw)).toContain("Human resources has approved your staff account in Projects.");
    expect((await signIn("musa@crestbuild.ng")).dashboard).toBe("/dashboard/projects");
    const [line] = await (await db()).select().from(adminAuditLog).where(eq(adminAuditLog.targetId, pendingId));
    expect(line).toMatchObject({ action: "user.approved", actorId: hr.id, actorEmail: "ifeoma@crestbuild.ng" });
    expect(line?.after).toMatchObject({ approved: true, approvedAs: "HR" });
    // Gone from HR's list of accounts awaiting approval.
    expect((await call("/people", undefined, hr.auth)).body.data.pending).toEqual([]);
  });

  it("refuses what is not a pending staff account: an approved one, a client, an admin, a blocked one, no account", async () => {
    const admin = await people.admin();
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const staff = await people.staff("staff@crestbuild.ng", "Projects");
    const client = await people.client("client@example.com");
    const blockedId = await registerVerified("blocked@crestbuild.ng", { isStaff: true, department: "Projects" });
    await (await db()).update(users).set({ active: false }).where(eq(users.id, blockedId));
    for (const id of [staff.id, client.id, admin.id, hr.id, blockedId]) {
      const refused = await call(`/people/${id}/approve`, {}, hr.auth);
      expect(refused.status, id).toBe(409);
      expect(refused.body.message).toBe(
        "Only staff accounts awaiting approval can be approved. Refresh the list: someone may have approved or blocked them.",
      );
    }
    const [blocked] = await (await db()).select().from(users).where(eq(users.id, blockedId));
    expect(blocked).toMatchObject({ approvedAt: null, active: false });
    expect((await call("/people/00000000-0000-4000-8000-000000000000/approve", {}, hr.auth)).status).toBe(404);
    expect((await call("/people/not-an-id/approve", {}, hr.auth)).status).toBe(404);
  });

  it("is HR's and the admins' only: other staff (the Admin department too) and clients are refused", async () => {
    const pendingId = await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "Projects" });
    const projects = await people.staff("musa@crestbuild.ng", "Projects");
    const office = await people.staff("kemi@crestbuild.ng", "Admin");
    const client = await people.client("client@example.com");
    for (const caller of [projects, office, client]) {
      const refused = await call(`/people/${pendingId}/approve`, {}, caller.auth);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(denied);
    }
    expect((await call(`/people/${pendingId}/approve`, {})).status).toBe(401);
    const [still] = await (await db()).select().from(users).where(eq(users.id, pendingId));
    expect(still?.approvedAt).toBeNull();
    // An admin may use it too, and it is recorded as the admin's approval.
    const admin = await people.admin();
    expect((await call(`/people/${pendingId}/approve`, {}, admin.auth)).status).toBe(200);
    expect(bodyOf((await mail().latestTo("waiting@crestbuild.ng")).raw)).toContain("An administrator has approved");
  });

  it("gives HR nothing more: no role change (to admin or any), block, deletion, department move or bulk approval", async () => {
    const admin = await people.admin();
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const staff = await people.staff("staff@crestbuild.ng", "Projects");
    for (const [method, path, body] of [
      ["PUT", `/admin/users/${hr.id}/role`, { role: "admin" }],
      ["PUT", `/admin/users/${staff.id}/role`, { role: "admin" }],
      ["POST", `/admin/users/${admin.id}/block`, { blocked: true }],
      ["POST", `/admin/users/${staff.id}/block`, { blocked: true }],
      ["DELETE", `/admin/users/${staff.id}`, undefined],
      ["PUT", `/admin/users/${staff.id}/department`, { department: "HR" }],
      ["POST", "/admin/users/approve", { ids: [staff.id] }],
      ["POST", `/admin/users/${staff.id}/approve`, {}],
    ] as const) {
      const refused = await call(path, body, hr.auth, method);
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const rows = await (await db()).select().from(users);
    expect(rows.find((row) => row.id === hr.id)?.role).toBe("staff");
    expect(rows.find((row) => row.id === admin.id)?.active).toBe(true);
    expect(rows.find((row) => row.id === staff.id)).toMatchObject({ role: "staff", department: "Projects", active: true });
  });
});

describe("PUT /api/people/{id}/details: job title and extension", () => {
  it("HR sets a staff member's job title and extension, shown in both directories and audited with the old values", async () => {
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const staff = await people.staff("musa@crestbuild.ng", "Projects");
    const saved = await call(`/people/${staff.id}/details`, { jobTitle: "  Site engineer ", phoneExtension: "214" }, hr.auth, "PUT");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: "Staff record saved.",
      data: { id: staff.id, jobTitle: "Site engineer", phoneExtension: "214" },
    });

    const people_ = (await call("/people", undefined, hr.auth)).body.data;
    const projects = people_.departments.find((group: { department: string }) => group.department === "Projects");
    expect(projects.staff[0]).toMatchObject({ email: "musa@crestbuild.ng", jobTitle: "Site engineer", phoneExtension: "214" });
    const directory = (await call("/users", undefined, staff.auth)).body.data.users;
    expect(directory.find((entry: { id: string }) => entry.id === staff.id)).toMatchObject({
      jobTitle: "Site engineer",
      phoneExtension: "214",
    });
    expect(directory.find((entry: { id: string }) => entry.id === hr.id)).toMatchObject({ jobTitle: "", phoneExtension: "" });

    const [line] = await (await db()).select().from(adminAuditLog).where(eq(adminAuditLog.action, "staff.details_changed"));
    expect(line).toMatchObject({ actorId: hr.id, targetId: staff.id, before: { jobTitle: "", phoneExtension: "" } });
    // Cleared, they are empty again.
    expect((await call(`/people/${staff.id}/details`, { jobTitle: "", phoneExtension: "" }, hr.auth, "PUT")).status).toBe(200);
  });

  it("refuses a long title or an extension that is not digits, field by field, and keeps what was saved", async () => {
    const admin = await people.admin();
    const staff = await people.staff("musa@crestbuild.ng", "Projects");
    await call(`/people/${staff.id}/details`, { jobTitle: "Site engineer", phoneExtension: "214" }, admin.auth, "PUT");
    for (const [body, field, message] of [
      [{ jobTitle: "x".repeat(81), phoneExtension: "" }, "jobTitle", "Keep the job title to 80 characters."],
      [{ jobTitle: "", phoneExtension: "21a" }, "phoneExtension", "The extension is digits only, up to 6 of them."],
      [{ jobTitle: "", phoneExtension: "+234 1" }, "phoneExtension", "The extension is digits only, up to 6 of them."],
      [{ jobTitle: "", phoneExtension: "1234567" }, "phoneExtension", "The extension is digits only, up to 6 of them."],
      [{ jobTitle: 42, phoneExtension: "" }, "jobTitle", "Job title must be text."],
    ] as const) {
      const refused = await call(`/people/${staff.id}/details`, body, admin.auth, "PUT");
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields[field]).toBe(message);
    }
    const [row] = await (await db()).select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ jobTitle: "Site engineer", phoneExtension: "214" });
  });

  it("is HR's and the admins': the person themself, other staff and clients are refused; a client has no staff record", async () => {
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const staff = await people.staff("musa@crestbuild.ng", "Projects");
    const office = await people.staff("kemi@crestbuild.ng", "Admin");
    const client = await people.client("client@example.com");
    const body = { jobTitle: "Managing Director", phoneExtension: "1" };
    for (const caller of [staff, office, client]) {
      expect((await call(`/people/${staff.id}/details`, body, caller.auth, "PUT")).status).toBe(403);
    }
    const notStaff = await call(`/people/${client.id}/details`, body, hr.auth, "PUT");
    expect(notStaff.status).toBe(404);
    expect(notStaff.body.message).toBe("Staff member not found.");
    expect((await call("/people/00000000-0000-4000-8000-000000000000/details", body, hr.auth, "PUT")).status).toBe(404);
    const [row] = await (await db()).select().from(users).where(eq(users.id, staff.id));
    expect(row?.jobTitle).toBe("");
  });
});
