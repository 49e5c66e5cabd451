import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { MFA_ENROLMENT_PATH, MFA_ENROLMENT_REQUIRED, mfaEnrolmentRequiredMessage } from "../../../shared/auth.js";
import { defaultSecuritySettings } from "../../../shared/security.js";
import { type ApiAnswer, TEST_PASSWORD } from "../../testing/accounts.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, people } = setUpTestServer();

const requireTwoStep = async (changes: { mfaRequiredForAdmins?: boolean; mfaRequiredForStaff?: boolean }) => {
  const admin = await people.admin();
  expect((await call("/admin/security/settings", { ...defaultSecuritySettings, ...changes }, admin.auth, "PUT")).status).toBe(200);
};

const login = async (email: string, password = TEST_PASSWORD) => {
  const answer = await call("/auth/login", { email, password }, { "x-refresh-token-delivery": "body" });
  expect(answer.status).toBe(200);
  const { accessToken, refreshToken, dashboard, mfaEnrolmentRequired } = answer.body.data;
  return { auth: { authorization: `Bearer ${accessToken}` }, refreshToken, dashboard, mfaEnrolmentRequired };
};

const expectEnrolmentRequired = (answer: ApiAnswer) => {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ success: false, message: mfaEnrolmentRequiredMessage, error: MFA_ENROLMENT_REQUIRED });
};

/** Turns two-step sign-in on as the enrolment screen does: the password, then the app's first code. */
async function enrol(auth: { authorization: string }, password = TEST_PASSWORD) {
  const started = await call("/auth/mfa/enroll", { password }, auth);
  expect(started.status).toBe(200);
  const confirmed = await call("/auth/mfa/verify", { code: await generate({ secret: started.body.data.secret }) }, auth);
  expect(confirmed.status).toBe(200);
}

describe("two-step sign-in required", () => {
  it("for staff: a staff member without it is refused every other call (403 with the code) until they turn it on", async () => {
    await people.staff("builder@crestbuild.ng", "Projects");
    await requireTwoStep({ mfaRequiredForStaff: true });
    const staff = await login("builder@crestbuild.ng");
    expect(staff).toMatchObject({ dashboard: MFA_ENROLMENT_PATH, mfaEnrolmentRequired: true });

    expectEnrolmentRequired(await call("/projects", undefined, staff.auth));
    expectEnrolmentRequired(await call("/notifications", undefined, staff.auth));
    expectEnrolmentRequired(await call("/auth/sessions", undefined, staff.auth));
    // What the enrolment screen needs answers, and a refresh says the enrolment is still due.
    expect((await call("/auth/profile", undefined, staff.auth)).status).toBe(200);
    const refreshed = await call("/auth/refresh", { refreshToken: staff.refreshToken });
    expect(refreshed.body.data.mfaEnrolmentRequired).toBe(true);
    const auth = { authorization: `Bearer ${refreshed.body.data.accessToken}` };

    await enrol(auth);
    // It holds from the very next request: the same access token now opens the project list.
    expect((await call("/projects", undefined, auth)).status).toBe(200);
    expect((await call("/notifications", undefined, auth)).status).toBe(200);
    const next = await call("/auth/refresh", { refreshToken: refreshed.body.data.refreshToken });
    expect(next.body.data.mfaEnrolmentRequired).toBe(false);
  });

  it("for admins: an admin without it is refused the admin screens' calls, even the settings, and staff are not", async () => {
    const staff = await people.staff("builder@crestbuild.ng", "Projects");
    await requireTwoStep({ mfaRequiredForAdmins: true });
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(admin.mfaEnrolmentRequired).toBe(true);
    expectEnrolmentRequired(await call("/admin/users", undefined, admin.auth));
    expectEnrolmentRequired(await call("/admin/security/settings", undefined, admin.auth));
    expect((await call("/projects", undefined, staff.auth)).status).toBe(200);

    await enrol(admin.auth, ADMIN_PASSWORD);
    expect((await call("/admin/users", undefined, admin.auth)).status).toBe(200);
  });

  it("off (the default), or for the other role, refuses nothing", async () => {
    const staff = await people.staff("builder@crestbuild.ng", "Projects");
    const admin = await people.admin();
    const client = await people.client("client@example.com");
    expect((await call("/projects", undefined, staff.auth)).status).toBe(200);
    expect((await call("/admin/users", undefined, admin.auth)).status).toBe(200);
    await requireTwoStep({ mfaRequiredForStaff: true });
    expect((await call("/admin/users", undefined, admin.auth)).status).toBe(200);
    expect((await call("/notifications", undefined, client.auth)).status).toBe(200);
  });

  it("catches someone already signed in when an admin turns it on, and lets them go on when it is turned off again", async () => {
    const staff = await people.staff("builder@crestbuild.ng", "Projects");
    expect((await call("/projects", undefined, staff.auth)).status).toBe(200);
    await requireTwoStep({ mfaRequiredForStaff: true });
    expectEnrolmentRequired(await call("/projects", undefined, staff.auth));
    await requireTwoStep({ mfaRequiredForStaff: false });
    expect((await call("/projects", undefined, staff.auth)).status).toBe(200);
  });

  it("offers only the authenticator app meanwhile: adding a passkey is refused (it would not stop a password-only sign-in)", async () => {
    await people.staff("builder@crestbuild.ng", "Projects");
    await requireTwoStep({ mfaRequiredForStaff: true });
    const staff = await login("builder@crestbuild.ng");
    expectEnrolmentRequired(await call("/auth/passkeys/register/options", {}, staff.auth));
  });
});
