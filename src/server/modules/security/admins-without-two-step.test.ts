import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, people, signIn } = setUpTestServer();

describe("admins without two-step sign-in", () => {
  it("are flagged in the security summary and the admin dashboard until they turn it on", async () => {
    const admin = await people.admin();
    await people.anotherAdmin("bisi@crestbuild.ng", "Olumo-rock-2026!");
    // Staff are not flagged (the staff requirement has its own setting), nor a blocked admin, who cannot sign in.
    await people.staff("builder@crestbuild.ng", "Projects");
    const bisi = { id: (await signIn("bisi@crestbuild.ng", "Olumo-rock-2026!")).user.id, name: "Bisi Ade", email: "bisi@crestbuild.ng" };
    const amaka = { id: admin.id, name: "Amaka Obi", email: ADMIN_EMAIL };

    const summary = await call("/admin/security/summary", undefined, admin.auth);
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual({ adminsWithoutTwoStep: [amaka, bisi], mfaRequiredForAdmins: false });
    expect((await call("/admin/dashboard", undefined, admin.auth)).body.data.adminsWithoutTwoStep).toEqual([amaka, bisi]);

    const started = await call("/auth/mfa/enroll", { password: ADMIN_PASSWORD }, admin.auth);
    const code = await generate({ secret: started.body.data.secret });
    expect((await call("/auth/mfa/verify", { code }, admin.auth)).status).toBe(200);
    expect((await call("/admin/security/summary", undefined, admin.auth)).body.data.adminsWithoutTwoStep).toEqual([bisi]);
    expect((await call("/admin/dashboard", undefined, admin.auth)).body.data.adminsWithoutTwoStep).toEqual([bisi]);

    expect((await call(`/admin/users/${bisi.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    expect((await call("/admin/security/summary", undefined, admin.auth)).body.data.adminsWithoutTwoStep).toEqual([]);
  });

  it("is an admin's summary only", async () => {
    const staff = await people.staff("builder@crestbuild.ng", "Projects");
    expect((await call("/admin/security/summary")).status).toBe(401);
    expect((await call("/admin/security/summary", undefined, staff.auth)).status).toBe(403);
  });
});
