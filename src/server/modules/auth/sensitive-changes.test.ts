import { readFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AUTH_SECRET_FILE } from "../../platform/auth-secret.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

async function enrolled(email: string) {
  const person = await people.client(email);
  const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, person.auth)).body.data.secret as string;
  const confirmed = await call("/auth/mfa/verify", { code: await nextAuthenticatorCode(secret) }, person.auth);
  expect(confirmed.status).toBe(200);
  return { ...person, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

describe("sensitive changes need a fresh proof", () => {
  it("turns two-step sign-in on only with the current password", async () => {
    const { auth } = await people.client("on@example.com");
    const without = await call("/auth/mfa/enroll", {}, auth);
    expect(without.status).toBe(400);
    expect(without.body.fields.password).toBe("Please enter your password.");
    const wrong = await call("/auth/mfa/enroll", { password: "not-my-password-1" }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.password).toBe("Your password is not correct.");
    expect((await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, auth)).status).toBe(200);
  });

  it("turns two-step sign-in off only with the current password as well as a code", async () => {
    const { auth, secret } = await enrolled("off@example.com");
    const code = await nextAuthenticatorCode(secret);
    const wrong = await call("/auth/mfa/unenroll", { password: "not-my-password-1", code }, auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.password).toBe("Your password is not correct.");
    expect((await call("/auth/mfa/unenroll", { code }, auth)).status).toBe(400);
  });

  it("replaces the recovery codes only with the current password and a code", async () => {
    const { auth, recoveryCodes } = await enrolled("codes@example.com");
    expect((await call("/auth/mfa/recovery-codes", { password: "not-my-password-1", code: recoveryCodes[0] }, auth)).status).toBe(400);
    const replaced = await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: recoveryCodes[0] }, auth);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.recoveryCodes).toHaveLength(10);
  });

  it("limits change-password like sign-in: after 5 wrong current passwords, 429 even with the right one", async () => {
    const { auth } = await people.client("guessing@example.com");
    for (let guess = 0; guess < 5; guess++) {
      const answer = await call("/auth/change-password", { currentPassword: `guess-${guess}-x`, newPassword: "monsoon-2027" }, auth);
      expect(answer.status).toBe(400);
    }
    const locked = await call("/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "monsoon-2027" }, auth);
    expect(locked.status).toBe(429);
  });

  it("refuses an access token that names another user's session", async () => {
    const mine = await people.client("mine@example.com");
    const victim = await people.client("victim@example.com");
    // A token signed with the server's key (as a leaked key or a bug would allow) for one user with another's session.
    const secret = readFileSync(path.join(testConfig().dataDir, AUTH_SECRET_FILE), "utf8");
    const payload = JSON.parse(Buffer.from(mine.accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: string };
    const forged = await new SignJWT({ role: "user", dept: "General Users", sid: payload.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(victim.id)
      .setIssuer("crestbuild")
      .setIssuedAt()
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(secret));
    expect((await call("/auth/profile", undefined, { authorization: `Bearer ${forged}` })).status).toBe(401);
    expect((await call("/auth/profile", undefined, mine.auth)).status).toBe(200);
  });
});
