import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer, type TestServer, testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

/**
 * A client with two-step sign-in on (confirmed with the app's current code, so the next one is still unused): their
 * id, the secret their authenticator app holds, and their recovery codes.
 */
async function enrolled(email: string) {
  const person = await people.client(email);
  const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, person.auth)).body.data.secret as string;
  const confirmed = await call("/auth/mfa/verify", { code: await generate({ secret }) }, person.auth);
  expect(confirmed.status).toBe(200);
  return { id: person.id, secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

const storedSecret = async (userId: string) =>
  (await (await testDatabase()).db.select({ mfaSecret: users.mfaSecret }).from(users).where(eq(users.id, userId)))[0]?.mfaSecret ?? "";

/** Both steps of a sign-in with the app's code, against `server` (by default the file's). */
async function signInWithCode(email: string, code: string, server?: TestServer) {
  const post = async (path: string, body: unknown) => {
    if (!server) return call(path, body);
    const response = await fetch(server.url(`/api${path}`), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status };
  };
  const checked = await call("/auth/verify-credentials", { email, password: TEST_PASSWORD });
  expect(checked.body.data.mfaRequired).toBe(true);
  return (await post("/auth/complete-login", { userId: checked.body.data.userId, ticket: checked.body.data.ticket, code })).status;
}

describe("authenticator secrets at rest", () => {
  let second: TestServer | undefined;
  afterEach(() => second?.close());

  it("keeps the secret sealed (AES-256-GCM): no plaintext in the column, and the app's code still signs in", async () => {
    const { id, secret } = await enrolled("sealed@example.com");
    const stored = await storedSecret(id);
    expect(stored).toMatch(/^v1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(secret);
    expect(await signInWithCode("sealed@example.com", await nextAuthenticatorCode(secret))).toBe(200);
  });

  it("seals at start a secret an older version stored in plain text, and its code still signs in", async () => {
    const { id, secret } = await enrolled("older@example.com");
    await (await testDatabase()).db.update(users).set({ mfaSecret: secret, mfaLastTotpStep: null }).where(eq(users.id, id));

    second = await startTestServer({}, { keepData: true });
    const stored = await storedSecret(id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(await signInWithCode("older@example.com", await nextAuthenticatorCode(secret), second)).toBe(200);
  });

  it("does not open a sealed secret copied into another account's row", async () => {
    const victim = await enrolled("victim@example.com");
    const attacker = await enrolled("attacker@example.com");
    // Someone able to write the column gives the victim the attacker's authenticator: it is bound to its account.
    await (await testDatabase()).db
      .update(users)
      .set({ mfaSecret: await storedSecret(attacker.id), mfaLastTotpStep: null })
      .where(eq(users.id, victim.id));
    const code = await nextAuthenticatorCode(attacker.secret);
    expect(await signInWithCode("victim@example.com", code)).toBe(401);
    expect(await signInWithCode("attacker@example.com", code)).toBe(200);
  });

  it("refuses the codes of a secret sealed under another AUTH_SECRET; a recovery code still signs in", async () => {
    const { secret, recoveryCodes } = await enrolled("rotated@example.com");
    const [recoveryCode] = recoveryCodes;

    second = await startTestServer({ AUTH_SECRET: "another-secret-that-is-long-enough-for-hs256" }, { keepData: true });
    expect(await signInWithCode("rotated@example.com", await nextAuthenticatorCode(secret), second)).toBe(401);
    expect(await signInWithCode("rotated@example.com", recoveryCode ?? "", second)).toBe(200);
  });
});
