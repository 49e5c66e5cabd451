import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMessages, wrongCurrentPassword } from "../../../shared/auth.js";
import { passkeyMessages } from "../../../shared/passkeys.js";
import { stepUpMessages } from "../../../shared/step-up.js";
import { securityEvents, users } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { softwareAuthenticator } from "../../testing/software-authenticator.js";
import { testDatabase } from "../../testing/test-app.js";

const ORIGIN = "https://www.crestbuild.test";
const RP_ID = "www.crestbuild.test";
const { call, people } = setUpTestServer({ PUBLIC_ORIGIN: ORIGIN });

const db = async () => (await testDatabase()).db;

/** A client with two-step sign-in on, and their recovery codes. */
async function withTwoStep(email: string) {
  const person = await people.client(email);
  const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, person.auth)).body.data.secret as string;
  const confirmed = await call("/auth/mfa/verify", { code: await nextAuthenticatorCode(secret) }, person.auth);
  expect(confirmed.status).toBe(200);
  return { ...person, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

/** Adds a passkey with the proof given to register/options; answers the authenticator. */
async function addPasskey(person: SignedIn, proof: Record<string, unknown>, name = "My phone") {
  const authenticator = softwareAuthenticator();
  const options = await call("/auth/passkeys/register/options", proof, person.auth);
  expect(options.status).toBe(200);
  const added = await call("/auth/passkeys", { name, response: authenticator.register(options.body.data, ORIGIN, RP_ID) }, person.auth);
  expect(added.status).toBe(201);
  return authenticator;
}

/** As an account opened through an identity provider: no password anyone knows. */
const forgetPassword = async (userId: string) => (await db()).update(users).set({ hasPassword: false }).where(eq(users.id, userId));

describe("step-up proof before a new way into the account", () => {
  it("refuses passkey options for a bearer token alone and for a wrong password, with the password change's wording", async () => {
    const client = await people.client("bearer@example.com");
    const alone = await call("/auth/passkeys/register/options", {}, client.auth);
    expect(alone.status).toBe(400);
    expect(alone.body.fields.password).toBe(stepUpMessages.passwordRequired);
    const wrong = await call("/auth/passkeys/register/options", { password: "not-my-password-1" }, client.auth);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.password).toBe(wrongCurrentPassword);
    await addPasskey(client, { password: TEST_PASSWORD });
    expect((await call("/auth/passkeys", undefined, client.auth)).body.data.passkeys).toHaveLength(1);

    const failures = await (await db())
      .select({ reason: securityEvents.reason })
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "passkey_added"), eq(securityEvents.outcome, "failure")));
    expect(failures).toEqual([{ reason: "step-up: wrong_password" }]);
  });

  it("asks an account with two-step sign-in for a code too, and accepts a recovery code", async () => {
    const client = await withTwoStep("twostep@example.com");
    const noCode = await call("/auth/passkeys/register/options", { password: TEST_PASSWORD }, client.auth);
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields.code).toBe(stepUpMessages.codeRequired);
    const wrongCode = await call("/auth/passkeys/register/options", { password: TEST_PASSWORD, code: "000000" }, client.auth);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.fields.code).toBe(authMessages.invalidMfaCode);
    await addPasskey(client, { password: TEST_PASSWORD, code: client.recoveryCodes[0] });
  });

  it("adds a passkey only with a challenge handed out after the proof: a sign-in or step-up challenge is refused", async () => {
    const client = await people.client("bound@example.com");
    const first = await addPasskey(client, { password: TEST_PASSWORD });
    const stolen = softwareAuthenticator();
    for (const path of ["/auth/passkeys/sign-in/options", "/auth/passkeys/step-up/options"]) {
      const options = (await call(path, {}, client.auth)).body.data;
      // A registration answer over a challenge that was handed out without the proof.
      const registration = stolen.register({ challenge: options.challenge, user: { id: "dXNlcg" } }, ORIGIN, RP_ID);
      const refused = await call("/auth/passkeys", { name: "Attacker", response: registration }, client.auth);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(passkeyMessages.notAdded);
    }
    expect((await call("/auth/passkeys", undefined, client.auth)).body.data.passkeys).toMatchObject([{ id: first.id }]);
  });

  it("counts wrong step-up passwords toward the sign-in lockout: 30 guesses at once check at most 5, then even the right one waits", async () => {
    const client = await people.client("guesser@example.com");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => call("/auth/passkeys/register/options", { password: `guess-${guess}-x` }, client.auth)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 400).every((status) => status === 429)).toBe(true);
    const locked = await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD }, client.auth);
    expect(locked.status).toBe(429);
    expect((await call("/auth/passkeys/register/options", { password: TEST_PASSWORD }, client.auth)).status).toBe(429);
  });

  it("counts a wrong step-up code toward the lockout as well", async () => {
    const client = await withTwoStep("codeguess@example.com");
    for (let guess = 0; guess < 5; guess++) {
      const answer = await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: `10000${guess}` }, client.auth);
      expect(answer.status).toBe(400);
    }
    const locked = await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: client.recoveryCodes[0] }, client.auth);
    expect(locked.status).toBe(429);
  });

  it("makes new recovery codes only with the password and a code; the old codes stop working", async () => {
    const client = await withTwoStep("recovery@example.com");
    expect((await call("/auth/mfa/recovery-codes", {}, client.auth)).status).toBe(400);
    expect(
      (await call("/auth/mfa/recovery-codes", { password: "not-my-password-1", code: client.recoveryCodes[0] }, client.auth)).status,
    ).toBe(400);
    expect((await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD }, client.auth)).body.fields.code).toBe(
      stepUpMessages.codeRequired,
    );
    const replaced = await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: client.recoveryCodes[0] }, client.auth);
    expect(replaced.status).toBe(200);
    const fresh = replaced.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    // An old code is no proof any more; a new one is.
    expect((await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: client.recoveryCodes[1] }, client.auth)).status).toBe(
      400,
    );
    expect((await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: fresh[0] }, client.auth)).status).toBe(200);
  });

  it("lets an account without a password prove itself with one of its own passkeys, answering a step-up challenge", async () => {
    const client = await people.client("nopassword@example.com");
    const owned = await addPasskey(client, { password: TEST_PASSWORD });
    await forgetPassword(client.id);

    const alone = await call("/auth/passkeys/register/options", {}, client.auth);
    expect(alone.status).toBe(403);
    expect(alone.body.message).toBe(stepUpMessages.proofRequired);
    // A password does not help an account that has none.
    expect((await call("/auth/passkeys/register/options", { password: TEST_PASSWORD }, client.auth)).status).toBe(403);

    // A sign-in challenge's answer is not a step-up proof.
    const signInOptions = (await call("/auth/passkeys/sign-in/options", {})).body.data;
    const wrongPurpose = await call(
      "/auth/passkeys/register/options",
      { passkey: owned.assert(signInOptions, ORIGIN, RP_ID) },
      client.auth,
    );
    expect(wrongPurpose.status).toBe(403);

    const stepUp = await call("/auth/passkeys/step-up/options", {}, client.auth);
    expect(stepUp.body.data.allowCredentials).toMatchObject([{ id: owned.id }]);
    const assertion = owned.assert(stepUp.body.data, ORIGIN, RP_ID);
    await addPasskey(client, { passkey: assertion }, "Laptop");
    // The challenge is used up.
    expect((await call("/auth/passkeys/register/options", { passkey: assertion }, client.auth)).status).toBe(403);
    expect((await call("/auth/passkeys", undefined, client.auth)).body.data.passkeys).toHaveLength(2);
  });

  it("refuses another account's passkey as the proof", async () => {
    const owner = await people.client("owner@example.com");
    const other = await people.client("other@example.com");
    const othersKey = await addPasskey(other, { password: TEST_PASSWORD });
    await addPasskey(owner, { password: TEST_PASSWORD });
    await forgetPassword(owner.id);
    // The owner's challenge, answered with the other account's passkey.
    const options = (await call("/auth/passkeys/step-up/options", {}, owner.auth)).body.data;
    const refused = await call("/auth/passkeys/register/options", { passkey: othersKey.assert(options, ORIGIN, RP_ID) }, owner.auth);
    expect(refused.status).toBe(403);
    // And the other account's own challenge does not prove the owner either.
    const othersOptions = (await call("/auth/passkeys/step-up/options", {}, other.auth)).body.data;
    expect(
      (await call("/auth/passkeys/register/options", { passkey: othersKey.assert(othersOptions, ORIGIN, RP_ID) }, owner.auth)).status,
    ).toBe(403);
  });
});
