import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { securityEvents } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

async function enrolled(email: string) {
  const { auth } = await people.client(email);
  const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, auth)).body.data.secret as string;
  // The enrolment's first code uses up the current step: sign-ins below need the next one.
  const confirmed = await call("/auth/mfa/verify", { code: await generate({ secret }) }, auth);
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

async function ticketFor(email: string) {
  const checked = await call("/auth/verify-credentials", { email, password: TEST_PASSWORD });
  expect(checked.status).toBe(200);
  return checked.body.data as { userId: string; ticket: string };
}

describe("two-step sign-in codes under attack", () => {
  it("spends the ticket and locks the account after 5 wrong codes, so the right code no longer gets in", async () => {
    const { recoveryCodes } = await enrolled("guessed@example.com");
    const { userId, ticket } = await ticketFor("guessed@example.com");
    for (let guess = 0; guess < 5; guess++) {
      expect((await call("/auth/complete-login", { userId, ticket, code: `10000${guess}` })).status).toBe(401);
    }
    const afterGuesses = await call("/auth/complete-login", { userId, ticket, code: recoveryCodes[0] });
    expect(afterGuesses.status).not.toBe(200);
    const locked = await call("/auth/verify-credentials", { email: "guessed@example.com", password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    const failures = await (await testDatabase()).db.select().from(securityEvents).where(eq(securityEvents.reason, "wrong_mfa_code"));
    expect(failures).toHaveLength(5);
  });

  it("checks no code without a valid ticket: a right code with a made-up ticket answers like a wrong one", async () => {
    const { recoveryCodes } = await enrolled("noticket@example.com");
    const { userId } = await ticketFor("noticket@example.com");
    const withRightCode = await call("/auth/complete-login", { userId, ticket: "made-up", code: recoveryCodes[0] });
    const withWrongCode = await call("/auth/complete-login", { userId, ticket: "made-up", code: "0000000000" });
    expect(withRightCode.status).toBe(401);
    expect(withRightCode.body).toEqual(withWrongCode.body);
    // The recovery code was never looked at, so it still works.
    const { ticket } = await ticketFor("noticket@example.com");
    expect((await call("/auth/complete-login", { userId, ticket, code: recoveryCodes[0] })).status).toBe(200);
  });

  it("accepts an authenticator code once: replaying it inside its time window is refused", async () => {
    const { secret } = await enrolled("replay@example.com");
    const code = await nextAuthenticatorCode(secret);
    const first = await ticketFor("replay@example.com");
    expect((await call("/auth/complete-login", { ...first, code })).status).toBe(200);
    const second = await ticketFor("replay@example.com");
    const replayed = await call("/auth/complete-login", { ...second, code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toBe("invalid_mfa_code");
  });
});
