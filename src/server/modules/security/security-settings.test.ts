import { describe, expect, it } from "vitest";
import { MFA_ENROLMENT_PATH } from "../../../shared/auth.js";
import { commonPasswordMessage, defaultSecuritySettings, passwordTooShortFor } from "../../../shared/security.js";
import { person, TEST_PASSWORD } from "../../testing/accounts.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, people } = setUpTestServer();

const put = async (changes: Record<string, unknown>) => {
  const admin = await people.admin();
  return call("/admin/security/settings", { ...defaultSecuritySettings, ...changes }, admin.auth, "PUT");
};

describe("security settings", () => {
  it("start with the most common passwords refused, a minimum of 6 and no two-step requirement; only admins read and change them, never below 6", async () => {
    const admin = await people.admin();
    const client = await people.client("client@example.com");
    const read = await call("/admin/security/settings", undefined, admin.auth);
    expect(read.body.data).toEqual({
      passwordMinLength: 6,
      refuseCommonPasswords: true,
      mfaRequiredForAdmins: false,
      mfaRequiredForStaff: false,
    });
    expect((await call("/admin/security/settings", undefined, client.auth)).status).toBe(403);
    const tooLow = await put({ passwordMinLength: 5 });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.fields.passwordMinLength).toBe("The minimum length cannot be below 6.");
    const saved = await put({ passwordMinLength: 14 });
    expect(saved.status).toBe(200);
    expect((await call("/admin/security/settings", undefined, admin.auth)).body.data.passwordMinLength).toBe(14);
    const audit = await call("/admin/audit-log?action=security_settings.changed", undefined, admin.auth);
    expect(audit.body.data.items[0]).toMatchObject({ before: { passwordMinLength: 6 }, after: { passwordMinLength: 14 } });
  });

  it("refuse one of the 10,000 most common passwords at registration, reset and change, and a password below the minimum", async () => {
    const common = await call("/auth/register", person("common@example.com", { password: "qwerty123", confirmPassword: "qwerty123" }));
    expect(common.status).toBe(400);
    expect(common.body.fields.password).toBe(commonPasswordMessage);
    // Not in the list: accepted.
    expect((await call("/auth/register", person("fine@example.com"))).status).toBe(201);

    const client = await people.client("client@example.com");
    const change = await call("/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "password1" }, client.auth);
    expect(change.body.fields.newPassword).toBe(commonPasswordMessage);
    const reset = await call("/auth/reset-password", { email: "client@example.com", code: "123456", newPassword: "iloveyou" });
    expect(reset.body.fields.newPassword).toBe(commonPasswordMessage);

    await put({ passwordMinLength: 16 });
    const short = await call("/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "harmattan-2027" }, client.auth);
    expect(short.status).toBe(400);
    expect(short.body.fields.newPassword).toBe(passwordTooShortFor(16));
    expect(
      (await call("/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "harmattan-dust-2027" }, client.auth)).status,
    ).toBe(200);

    // Turned off, a common password is accepted again (only the length counts).
    await put({ passwordMinLength: 6, refuseCommonPasswords: false });
    expect(
      (await call("/auth/register", person("common@example.com", { password: "qwerty123", confirmPassword: "qwerty123" }))).status,
    ).toBe(201);
  });

  it("required for staff, a staff member without two-step sign-in lands on its enrolment; admins and clients do not until required for admins", async () => {
    await people.admin();
    const staff = await people.staff("staff@crestbuild.ng", "HR");
    expect(staff).toBeDefined();
    await people.client("client@example.com");
    const login = (email: string, password = TEST_PASSWORD) => call("/auth/login", { email, password });
    await put({ mfaRequiredForStaff: true });
    expect((await login("staff@crestbuild.ng")).body.data).toMatchObject({ dashboard: MFA_ENROLMENT_PATH, mfaEnrolmentRequired: true });
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body.data).toMatchObject({ dashboard: "/admin", mfaEnrolmentRequired: false });
    // Required for admins too (the admin without it is then refused the settings: see mfa-enrolment-required.test.ts).
    await put({ mfaRequiredForAdmins: true, mfaRequiredForStaff: true });
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body.data).toMatchObject({
      dashboard: MFA_ENROLMENT_PATH,
      mfaEnrolmentRequired: true,
    });
    expect((await login("client@example.com")).body.data).toMatchObject({ dashboard: "/dashboard", mfaEnrolmentRequired: false });
  });
});
