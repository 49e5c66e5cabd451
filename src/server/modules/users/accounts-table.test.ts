import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_USERS_PAGE_SIZE, BULK_APPROVAL_MAX } from "../../../shared/admin-users.js";
import { adminAuditLog, users } from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, registerVerified, signIn, mail, people, server } = setUpTestServer();

type Row = { id: string; email: string; firstName: string; lastLoginAt: string | null };
const emailsOf = (answer: { body: { data: { items: Row[] } } }) => answer.body.data.items.map((row) => row.email);
const db = async () => (await testDatabase()).db;

/** Accounts stored straight in the database (they never sign in), named `${firstName} ${index}`. */
async function storeAccounts(count: number, prefix: string, fields: Partial<typeof users.$inferInsert> = {}) {
  await (await db()).insert(users).values(
    Array.from({ length: count }, (_, index) => ({
      email: `${prefix}${String(index).padStart(5, "0")}@example.com`,
      firstName: prefix,
      lastName: `Stored ${index}`,
      department: "General Users" as const,
      passwordHash: "not a hash: this account never signs in",
      ...fields,
    })),
  );
}

describe("GET /api/admin/users: the accounts table", () => {
  it("sorts by each column in SQL, both ways, with the id breaking ties, and says when a sort or filter is unknown", async () => {
    const admin = await people.admin();
    await registerVerified("zainab@example.com", { firstName: "Zainab", lastName: "Ali" });
    await registerVerified("bola@example.com", { firstName: "Bola", lastName: "Ojo" });
    await registerVerified("chidi@crestbuild.ng", { firstName: "Chidi", lastName: "Eke", isStaff: true, department: "Projects" });
    await signIn("bola@example.com");
    await signIn("zainab@example.com");
    const list = (query: string) => call(`/admin/users?${query}`, undefined, admin.auth);

    expect(emailsOf(await list("sort=name"))).toEqual([
      "admin@crestbuild.ng",
      "bola@example.com",
      "chidi@crestbuild.ng",
      "zainab@example.com",
    ]);
    expect(emailsOf(await list("sort=-name"))).toEqual([
      "zainab@example.com",
      "chidi@crestbuild.ng",
      "bola@example.com",
      "admin@crestbuild.ng",
    ]);
    // Newest sign-in first; never signed in last.
    const bySignIn = await list("sort=-lastSignIn");
    expect(emailsOf(bySignIn)).toEqual(["zainab@example.com", "bola@example.com", "admin@crestbuild.ng", "chidi@crestbuild.ng"]);
    expect(bySignIn.body.data.items[3].lastLoginAt).toBeNull();
    expect(Date.parse(bySignIn.body.data.items[0].lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
    // Awaiting approval, then active, then blocked.
    expect(emailsOf(await list("sort=status"))[0]).toBe("chidi@crestbuild.ng");
    // Clients, then staff, then admins (the two clients' order is their ids').
    expect(emailsOf(await list("sort=-role")).slice(2)).toEqual(["chidi@crestbuild.ng", "admin@crestbuild.ng"]);

    expect(emailsOf(await list("department=Projects"))).toEqual(["chidi@crestbuild.ng"]);
    expect(emailsOf(await list("role=user&sort=email"))).toEqual(["bola@example.com", "zainab@example.com"]);

    for (const [query, field, message] of [
      ["sort=password", "sort", "Sort by one of name, email, role, department, status, lastSignIn, created (prefix - for descending)."],
      ["department=Kitchen", "department", "Unknown department."],
      ["status=sleeping", "status", "Unknown status."],
      ["page=0", "page", "Page must be 1 or more."],
    ] as const) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.fields[field]).toBe(message);
    }
  });

  it("pages a sorted, filtered list by twenty-five: the second page carries on where the first stopped", async () => {
    const admin = await people.admin();
    await storeAccounts(ADMIN_USERS_PAGE_SIZE + 5, "pager");
    await storeAccounts(3, "other");
    const first = await call("/admin/users?search=pager&sort=-email&page=1", undefined, admin.auth);
    const second = await call("/admin/users?search=pager&sort=-email&page=2", undefined, admin.auth);
    expect(first.body.data).toMatchObject({ total: ADMIN_USERS_PAGE_SIZE + 5, page: 1, pageSize: ADMIN_USERS_PAGE_SIZE, pageCount: 2 });
    const emails = [...emailsOf(first), ...emailsOf(second)];
    expect(emails).toHaveLength(ADMIN_USERS_PAGE_SIZE + 5);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(emails.every((email) => email.startsWith("pager"))).toBe(true);
  });
});

describe("GET /api/admin/users.csv", () => {
  it("streams every account of the filters in the table's order, in batches, and defuses spreadsheet formulas", async () => {
    const admin = await people.admin();
    await storeAccounts(1_200, "bulk");
    await (await db()).insert(users).values([
      {
        email: "formula@example.com",
        firstName: '=HYPERLINK("https://evil.example")',
        lastName: "Eze",
        department: "General Users",
        passwordHash: "-",
      },
      { email: "formula2@example.com", firstName: "@SUM(A1:A9)", lastName: "-1+2", department: "General Users", passwordHash: "-" },
    ]);
    const response = await fetch(server().url("/api/admin/users.csv?role=user&sort=-email"), { headers: admin.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("first_name,last_name,email,role,department,department_code,status,email_confirmed,last_sign_in,registered");
    const emails = lines.slice(1).map((line) => line.match(/[\w.=+-]+@example\.com/)?.[0]);
    // Every stored client, none of the staff or admins, newest email first across the batches of 500.
    expect(emails).toHaveLength(1_200 + 2);
    expect(emails).not.toContain("admin@crestbuild.ng");
    const stored = emails.filter((email) => email?.startsWith("bulk"));
    expect(stored).toHaveLength(1_200);
    expect(stored).toEqual([...stored].sort().reverse());
    expect(lines.find((line) => line.includes("formula2@example.com"))).toMatch(
      /^'@SUM\(A1:A9\),'-1\+2,formula2@example\.com,user,General Users,,active,no,,\d{4}-/,
    );
    expect(lines.find((line) => line.includes("formula@example.com"))).toMatch(/^"'=HYPERLINK\(""https:\/\/evil\.example""\)",Eze,/);

    // The same filters as the table, refused the same way.
    const refused = await fetch(server().url("/api/admin/users.csv?sort=secret"), { headers: admin.auth });
    expect(refused.status).toBe(400);
  });

  it("is for admins only", async () => {
    const hr = await people.staff("hr@crestbuild.ng", "HR");
    const client = await people.client("client@example.com");
    for (const caller of [hr, client]) expect((await call("/admin/users.csv", undefined, caller.auth)).status).toBe(403);
    expect((await call("/admin/users.csv")).status).toBe(401);
  });
});

describe("POST /api/admin/users/approve: bulk approval", () => {
  it("lets the chosen pending staff in, each in the department it registered in, audited and emailed one by one", async () => {
    const admin = await people.admin();
    const ids = [
      await registerVerified("ada@crestbuild.ng", { isStaff: true, department: "Projects" }),
      await registerVerified("bayo@crestbuild.ng", { isStaff: true, department: "Secretariat" }),
    ];
    const leftWaiting = await registerVerified("chi@crestbuild.ng", { isStaff: true, department: "HR" });
    const approved = await call("/admin/users/approve", { ids }, admin.auth);
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe("2 accounts approved.");
    expect(approved.body.data.approved.map((row: { email: string }) => row.email).sort()).toEqual([
      "ada@crestbuild.ng",
      "bayo@crestbuild.ng",
    ]);
    expect((await signIn("ada@crestbuild.ng")).dashboard).toBe("/dashboard/projects");
    expect((await signIn("bayo@crestbuild.ng")).dashboard).toBe("/dashboard/secretariat");
    expect((await mail().latestTo("bayo@crestbuild.ng")).subject).toBe("Your Crestbuild staff account is approved");
    const audit = await (await db()).select().from(adminAuditLog).where(eq(adminAuditLog.action, "user.approved"));
    expect(audit.map((line) => line.targetId).sort()).toEqual([...ids].sort());
    expect(audit.every((line) => line.actorId === admin.id)).toBe(true);
    const [waiting] = await (await db()).select().from(users).where(eq(users.id, leftWaiting));
    expect(waiting?.approvedAt).toBeNull();
  });

  it("approves none when any chosen account is not awaiting approval, and refuses bad lists", async () => {
    const admin = await people.admin();
    const pendingId = await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "Projects" });
    const client = await people.client("client@example.com");
    const staff = await people.staff("staff@crestbuild.ng", "Projects");
    for (const other of [client.id, staff.id, admin.id]) {
      const refused = await call("/admin/users/approve", { ids: [pendingId, other] }, admin.auth);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^1 chosen account is not awaiting approval, so none was approved\./);
    }
    const blockedId = await registerVerified("blocked@crestbuild.ng", { isStaff: true, department: "Projects" });
    await (await db()).update(users).set({ active: false }).where(eq(users.id, blockedId));
    expect((await call("/admin/users/approve", { ids: [pendingId, blockedId] }, admin.auth)).status).toBe(409);
    const unknown = await call("/admin/users/approve", { ids: [pendingId, "00000000-0000-4000-8000-000000000000"] }, admin.auth);
    expect(unknown.status).toBe(409);
    const [still] = await (await db()).select().from(users).where(eq(users.id, pendingId));
    expect(still?.approvedAt).toBeNull();
    expect(await (await db()).select().from(adminAuditLog).where(eq(adminAuditLog.targetId, pendingId))).toEqual([]);

    const tooMany = Array.from(
      { length: BULK_APPROVAL_MAX + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    );
    for (const [body, message] of [
      [{ ids: tooMany }, `Approve at most ${BULK_APPROVAL_MAX} accounts at once.`],
      [{ ids: [] }, "Choose the accounts to approve."],
      [{ ids: [pendingId, pendingId] }, "Each account can be chosen once."],
      [{ ids: ["'; drop table users; --"] }, "Each account is an id."],
      [{}, "Choose the accounts to approve."],
    ] as const) {
      const refused = await call("/admin/users/approve", body, admin.auth);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(refused.body.fields)).toContain(message);
    }
    expect((await call("/admin/users/approve", { ids: [pendingId] }, admin.auth)).status).toBe(200);
  });

  it("is for admins only: HR, other staff and clients are refused and nothing changes", async () => {
    const pendingId = await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "Projects" });
    const hr = await people.staff("hr@crestbuild.ng", "HR");
    const office = await people.staff("office@crestbuild.ng", "Admin");
    const client = await people.client("client@example.com");
    for (const caller of [hr, office, client]) {
      expect((await call("/admin/users/approve", { ids: [pendingId] }, caller.auth)).status).toBe(403);
    }
    expect((await call("/admin/users/approve", { ids: [pendingId] })).status).toBe(401);
    const [still] = await (await db()).select().from(users).where(eq(users.id, pendingId));
    expect(still?.approvedAt).toBeNull();
  });
});

describe("approval refuses what is not awaiting it", () => {
  it("answers 409 for an account already approved or a client, 404 for none", async () => {
    const admin = await people.admin();
    const client = await people.client("client@example.com");
    const staff = await people.staff("staff@crestbuild.ng", "Projects");
    for (const id of [client.id, staff.id]) {
      const refused = await call(`/admin/users/${id}/approve`, {}, admin.auth);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe("not_pending");
    }
    expect((await call("/admin/users/00000000-0000-4000-8000-000000000000/approve", {}, admin.auth)).status).toBe(404);
    const audit = await (await db())
      .select()
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.targetId, [client.id, staff.id]));
    // Only the staff member's own approval, when people.staff() let them in.
    expect(audit.map((line) => line.targetId)).toEqual([staff.id]);
  });
});
