import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { accountsClient } from "../../testing/accounts.js";
import { startMailCatcher } from "../../testing/mail-catcher.js";
import { startTestServer, type TestServer, testDatabase } from "../../testing/test-app.js";
import { createAdmin } from "../auth/create-admin.js";

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let server: TestServer;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail.close());
beforeEach(async () => {
  server = await startTestServer({ SMTP_URL: mail.url });
});
afterEach(() => server.close());

const { call, registerVerified, signIn } = accountsClient(
  () => server,
  () => mail,
);

async function adminSession() {
  await createAdmin((await testDatabase()).db, {
    email: "admin@crestbuild.ng",
    firstName: "Amaka",
    lastName: "Obi",
    password: "Zuma-rock-2026!",
  });
  return signIn("admin@crestbuild.ng", "Zuma-rock-2026!");
}

describe("staff approval", () => {
  it("lets an admin approve a pending staff account, which is emailed and can then sign in", async () => {
    const staffId = await registerVerified("ifeoma@crestbuild.ng", { isStaff: true, department: "HR" });
    const admin = await adminSession();
    const approved = await call(`/admin/users/${staffId}/approve`, {}, { authorization: `Bearer ${admin.accessToken}` });
    expect(approved.status).toBe(200);
    expect((await mail.latestTo("ifeoma@crestbuild.ng")).subject).toBe("Your Crestbuild staff account is approved");
    expect((await signIn("ifeoma@crestbuild.ng")).dashboard).toBe("/dashboard/hr");
  });

  it("refuses approval to anyone but an admin", async () => {
    const pendingId = await registerVerified("pending@crestbuild.ng", { isStaff: true, department: "HR" });
    await registerVerified("client@example.com");
    const client = await signIn("client@example.com");
    expect((await call(`/admin/users/${pendingId}/approve`, {})).status).toBe(401);
    const refused = await call(`/admin/users/${pendingId}/approve`, {}, { authorization: `Bearer ${client.accessToken}` });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Access denied. You don't have permission to access this resource.");
    const [user] = await (await testDatabase()).db.select().from(users).where(eq(users.id, pendingId));
    expect(user?.approvedAt).toBeNull();
  });
});

describe("GET /api/users", () => {
  it("lists approved staff and admins for staff, without clients or pending staff", async () => {
    const admin = await adminSession();
    const staffId = await registerVerified("emeka@crestbuild.ng", { isStaff: true, department: "Projects" });
    await call(`/admin/users/${staffId}/approve`, {}, { authorization: `Bearer ${admin.accessToken}` });
    await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "HR" });
    await registerVerified("customer@example.com");
    const staff = await signIn("emeka@crestbuild.ng");
    const { status, body } = await call("/users", undefined, { authorization: `Bearer ${staff.accessToken}` });
    expect(status).toBe(200);
    expect(body.data.users.map((entry: { email: string }) => entry.email).sort()).toEqual(["admin@crestbuild.ng", "emeka@crestbuild.ng"]);
    expect(body.data.users[0]).not.toHaveProperty("passwordHash");
  });

  it("is closed to clients", async () => {
    await registerVerified("nosy@example.com");
    const client = await signIn("nosy@example.com");
    expect((await call("/users", undefined, { authorization: `Bearer ${client.accessToken}` })).status).toBe(403);
  });
});

describe("GET /api/admin/users", () => {
  it("lists every account for admins, staff awaiting approval first, with filters and the pending count", async () => {
    const admin = await adminSession();
    const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
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

  it("is for admins only", async () => {
    await registerVerified("curious@example.com");
    const client = await signIn("curious@example.com");
    expect((await call("/admin/users", undefined, { authorization: `Bearer ${client.accessToken}` })).status).toBe(403);
  });
});

describe("PUT /api/auth/update-user", () => {
  it("updates the user metadata of SPEC §7 by its snake_case names", async () => {
    await registerVerified("meta@example.com");
    const session = await signIn("meta@example.com");
    const { status, body } = await call(
      "/auth/update-user",
      { first_name: "Chiamaka", company: "Eko Homes" },
      { authorization: `Bearer ${session.accessToken}` },
      "PUT",
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ firstName: "Chiamaka", company: "Eko Homes" });
  });
});
