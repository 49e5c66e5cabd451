import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountMessages } from "../../../shared/account.js";
import { adminMessages } from "../../../shared/admin.js";
import { users } from "../../db/schema.js";
import { person } from "../../testing/accounts.js";
import { ADMIN_PASSWORD } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people, registerVerified } = setUpTestServer();

const db = async () => (await testDatabase()).db;
const put = (path: string, body: unknown, auth: Record<string, string>) => call(path, body, auth, "PUT");
const roleOf = async (id: string) => (await (await db()).select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

/** A second admin as `npm run create-admin` makes one, then put in a state in which they cannot sign in. */
async function secondAdminWho(cannotSignIn: Partial<typeof users.$inferInsert>) {
  await people.anotherAdmin("second@crestbuild.ng", "Aso-villa-2026!");
  await (await db()).update(users).set(cannotSignIn).where(eq(users.email, "second@crestbuild.ng"));
}

describe("the last admin who can sign in", () => {
  for (const [state, cannotSignIn] of [
    ["blocked", { active: false }],
    ["unconfirmed", { emailVerifiedAt: null }],
    ["not approved", { approvedAt: null }],
  ] as const) {
    it(`cannot delete their account while the only other admin is ${state}`, async () => {
      const admin = await people.admin();
      await secondAdminWho(cannotSignIn);
      const refused = await call("/users/me", { password: ADMIN_PASSWORD, confirmation: "DELETE" }, admin.auth, "DELETE");
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: "last_admin", message: accountMessages.lastAdmin });
      expect(await roleOf(admin.id)).toBe("admin");
    });
  }

  it("can leave once the other admin can sign in again", async () => {
    const admin = await people.admin();
    await secondAdminWho({ emailVerifiedAt: null });
    await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, "second@crestbuild.ng"));
    expect((await call("/users/me", { password: ADMIN_PASSWORD, confirmation: "DELETE" }, admin.auth, "DELETE")).status).toBe(200);
  });
});

describe("promotion to admin", () => {
  it("refuses an account whose email is not confirmed, or that waits for approval, and says why", async () => {
    const admin = await people.admin();
    const unconfirmed = await call("/auth/register", person("unconfirmed@example.com"));
    expect(unconfirmed.status).toBe(201);
    const pending = await registerVerified("pending@crestbuild.ng", { isStaff: true, department: "HR" });
    for (const id of [unconfirmed.body.data.userId as string, pending]) {
      const answer = await put(`/admin/users/${id}/role`, { role: "admin" }, admin.auth);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, error: "not_ready_for_admin", message: adminMessages.notReadyForAdmin });
      expect(await roleOf(id)).not.toBe("admin");
    }
    const audited = await call("/admin/audit-log?action=user.role_changed", undefined, admin.auth);
    expect(audited.body.data.total).toBe(0);
  });

  it("still makes an approved, confirmed staff member an admin", async () => {
    const admin = await people.admin();
    const staff = await people.staff("ready@crestbuild.ng", "Admin");
    expect((await put(`/admin/users/${staff.id}/role`, { role: "admin" }, admin.auth)).status).toBe(200);
    expect(await roleOf(staff.id)).toBe("admin");
  });
});
