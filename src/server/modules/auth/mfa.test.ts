import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { securityEvents } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

/** Signs in, enrols an authenticator and returns its secret and recovery codes. */
async function enrolled(email: string) {
  const { auth } = await people.client(email);
  const started = await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, auth);
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const confirmed = await call("/auth/mfa/verify", { code: await generate({ secret }) }, auth);
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[], auth };
}

async function checkCredentials(email: string) {
  const checked = await call("/auth/verify-credentials", { email, password: TEST_PASSWORD });
  return checked.body.data as { userId: string; ticket: string; mfaRequired: boolean };
}

describe("two-step sign-in (TOTP)", () => {
  it("enrols with a secret and a QR code, and refuses a wrong first code", async () => {
    const { auth } = await people.client("qr@example.com");
    const started = await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, auth);
    expect(started.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Crestbuild:qr%40example\.com\?/);
    expect(started.body.data.qrCodeSvg).toMatch(/^<svg/);
    const wrong = await call("/auth/mfa/verify", { code: "000000" }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.code).toBe("That code is not valid. Check your authenticator app and try again.");
  });

  it("asks for the code at sign-in, lets a mistyped code be retried with the same ticket, and logs it", async () => {
    const { secret, recoveryCodes } = await enrolled("mfa@example.com");
    expect(recoveryCodes).toHaveLength(10);
    const { userId, ticket, mfaRequired } = await checkCredentials("mfa@example.com");
    expect(mfaRequired).toBe(true);
    const missing = await call("/auth/complete-login", { userId, ticket });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe("Enter the 6-digit code from your authenticator app, or a recovery code.");
    expect((await call("/auth/complete-login", { userId, ticket, code: "123456" })).status).toBe(401);
    const done = await call("/auth/complete-login", { userId, ticket, code: await nextAuthenticatorCode(secret) });
    expect(done.status).toBe(200);
    const failures = await (await testDatabase()).db.select().from(securityEvents).where(eq(securityEvents.reason, "wrong_mfa_code"));
    expect(failures).toHaveLength(1);
  });

  it("accepts each recovery code once instead of the app's code", async () => {
    const { recoveryCodes } = await enrolled("recover@example.com");
    const [first] = recoveryCodes;
    let { userId, ticket } = await checkCredentials("recover@example.com");
    expect((await call("/auth/complete-login", { userId, ticket, code: first })).status).toBe(200);
    ({ userId, ticket } = await checkCredentials("recover@example.com"));
    expect((await call("/auth/complete-login", { userId, ticket, code: first })).status).toBe(401);
  });

  it("turns off only with a current code, after which sign-in needs the password alone", async () => {
    const { secret, auth } = await enrolled("off@example.com");
    expect((await call("/auth/mfa/unenroll", { password: TEST_PASSWORD, code: "000000" }, auth)).status).toBe(400);
    expect((await call("/auth/mfa/unenroll", { password: TEST_PASSWORD, code: await nextAuthenticatorCode(secret) }, auth)).status).toBe(
      200,
    );
    const { mfaRequired } = await checkCredentials("off@example.com");
    expect(mfaRequired).toBe(false);
    const events = await (await testDatabase()).db.select().from(securityEvents).where(eq(securityEvents.type, "mfa_removed"));
    expect(events.map((event) => event.outcome).sort()).toEqual(["failure", "success"]);
  });
});
