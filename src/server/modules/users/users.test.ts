import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_USERS_PAGE_SIZE } from "../../../shared/admin-users.js";
import { users } from "../../db/schema.js";
import { expectTwoPages } from "../../testing/paging.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, registerVerified, signIn, mail, people } = setUpTestServer();

describe("staff approval", () => {
  it("lets an admin approve a pending staff account, which is emailed and can then sign in", async () => {
    const staffId = await registerVerified("ifeoma@crestbuild.ng", { isStaff: true, department: "HR" });
    const admin = await people.admin();
    const approved = await call(`/admin/users/${staffId}/approve`, {}, admin.auth);
    expect(approved.status).toBe(200);
    expect((await mail().latestTo("ifeoma@crestbuild.ng")).subject).toBe("Your Crestbuild staff account is approved");
    expect((await signIn("ifeoma@crestbuild.ng")).dashboard).toBe("/dashboard/hr");
  });

  it("refuses approval to anyone but an admin", async () => {
    const pendingId = await registerVerified("pending@crestbuild.ng", { isStaff: true, department: "HR" });
    const client = await people.client("client@example.com");
    expect((await call(`/admin/users/${pendingId}/approve`, {})).status).toBe(401);
    const refused = await call(`/admin/users/${pendingId}/approve`, {}, client.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Access denied. You don't have permission to access this resource.");
    const [user] = await (await testDatabase()).db.select().from(users).where(eq(users.id, pendingId));
    expect(user?.approvedAt).toBeNull();
  });
});

describe("GET /api/users", () => {
  it("lists approved staff and admins for staff, without clients or pending staff", async () => {
    const staff = await people.staff("emeka@crestbuild.ng", "Projects");
    await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "HR" });
    await registerVerified("customer@example.com");
    const { status, body } = await call("/users", undefined, staff.auth);
    expect(status).toBe(200);
    expect(body.data.users.map((entry: { email: string }) => entry.email).sort()).toEqual(["admin@crestbuild.ng", "emeka@crestbuild.ng"]);
    expect(body.data.users[0]).not.toHaveProperty("passwordHash");
  });

  it("is closed to clients", async () => {
    const client = await people.client("nosy@example.com");
    expect((await call("/users", undefined, client.auth)).status).toBe(403);
  });
});

describe("GET /api/admin/users", () => {
  it("lists every account for admins, staff awaiting approval first, with filters and the pending count", async () => {
    const asAdmin = (await people.admin()).auth;
    await registerVerified("client.one@example.com");
    const waitingId = await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "Secretariat" });
    const all = await call("/admin/users", undefined, asAdmin);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pendingCount: 1 });
    expect(all.body.data.items[0]).toMatchObject({ id: waitingId, approved: false, emailVerified: true, department: "Secretariat" });
    expect(all.body.data.items[0]).not.toHaveProperty("passwordHash");

    const pending = await call("/admin/users?status=pending", undefined, asAdmin);
    expect(pending.body.data.items.map((row: { email: string }) => row.email)).toEqual(["waiting@crestbuild.ng"]);
    const clients = await call("/admin/users?role=user&search=ONE@", undefined, asAdmin);
    expect(clients.body.data.items.map((row: { email: string }) => row.email)).toEqual(["client.one@example.com"]);
    const wildcard = await call(`/admin/users?search=${encodeURIComponent("%")}`, undefined, asAdmin);
    expect(wildcard.body.data.total).toBe(0);
    expect((await call("/admin/users?status=sleeping", undefined, asAdmin)).status).toBe(400);
  });

  it("pages the accounts by twenty-five, with the page count", async () => {
    const admin = await people.admin();
    await (await testDatabase()).db.insert(users).values(
      Array.from({ length: ADMIN_USERS_PAGE_SIZE + 1 }, (_, index) => ({
        email: `pager${index}@example.com`,
        firstName: "Page",
        lastName: `Reader ${index}`,
        department: "General Users" as const,
        passwordHash: "not a hash: this account never signs in",
      })),
    );
    await expectTwoPages(call, "/admin/users?search=pager", ADMIN_USERS_PAGE_SIZE, admin.auth);
  });

  it("is for admins only", async () => {
    const client = await people.client("curious@example.com");
    expect((await call("/admin/users", undefined, client.auth)).status).toBe(403);
  });
});

describe("PUT /api/auth/update-user", () => {
  it("updates the user metadata of docs/product.md#accounts by its snake_case names", async () => {
    const session = await people.client("meta@example.com");
    const { status, body } = await call("/auth/update-user", { first_name: "Chiamaka", company: "Eko Homes" }, session.auth, "PUT");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ firstName: "Chiamaka", company: "Eko Homes" });
  });
});
