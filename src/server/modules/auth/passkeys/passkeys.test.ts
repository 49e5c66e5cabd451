import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { passkeyMessages } from "../../../../shared/passkeys.js";
import { securityEvents, users } from "../../../db/schema.js";
import { TEST_PASSWORD } from "../../../testing/accounts.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { softwareAuthenticator } from "../../../testing/software-authenticator.js";
import { testDatabase } from "../../../testing/test-app.js";

const ORIGIN = "https://www.crestbuild.test";
const RP_ID = "www.crestbuild.test";
const { call, people } = setUpTestServer({ PUBLIC_ORIGIN: ORIGIN });

async function addPasskey(auth: Record<string, string>, name = "My phone", proof: Record<string, string> = { password: TEST_PASSWORD }) {
  const authenticator = softwareAuthenticator();
  const options = (await call("/auth/passkeys/register/options", proof, auth)).body.data;
  expect(options.rp.id).toBe(RP_ID);
  expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
  const added = await call("/auth/passkeys", { name, response: authenticator.register(options, ORIGIN, RP_ID) }, auth);
  expect(added.status).toBe(201);
  return authenticator;
}

async function signInWith(authenticator: ReturnType<typeof softwareAuthenticator>, origin = ORIGIN, rpId = RP_ID, count?: number) {
  const options = (await call("/auth/passkeys/sign-in/options", {})).body.data;
  return call("/auth/passkeys/sign-in", { response: authenticator.assert(options, origin, rpId, count) });
}

describe("passkeys", () => {
  it("adds a named passkey, lists it, and signs in with it as two factors (no authenticator code)", async () => {
    const client = await people.client("pk@example.com");
    const { secret } = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data;
    const confirmed = await call("/auth/mfa/verify", { code: await generate({ secret }) }, client.auth);
    expect(confirmed.status).toBe(200);
    const authenticator = await addPasskey(client.auth, "My phone", {
      password: TEST_PASSWORD,
      code: confirmed.body.data.recoveryCodes[0],
    });
    const listed = (await call("/auth/passkeys", undefined, client.auth)).body.data.passkeys;
    expect(listed).toMatchObject([{ id: authenticator.id, name: "My phone", lastUsedAt: null }]);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ dashboard: "/dashboard", user: { email: "pk@example.com" } });
    expect(signedIn.headers.get("set-cookie")).toMatch(/^cb_refresh=/);
  });

  it("refuses a replayed challenge, a counter that does not grow, another RP id and another origin", async () => {
    const client = await people.client("pk2@example.com");
    const authenticator = await addPasskey(client.auth);
    const options = (await call("/auth/passkeys/sign-in/options", {})).body.data;
    const response = authenticator.assert(options, ORIGIN, RP_ID);
    expect((await call("/auth/passkeys/sign-in", { response })).status).toBe(200);
    const replayed = await call("/auth/passkeys/sign-in", { response });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(passkeyMessages.notRecognised);

    // The stored counter is 1 now: a cloned key answering 1 again is refused.
    expect((await signInWith(authenticator, ORIGIN, RP_ID, 1)).status).toBe(401);
    expect((await signInWith(authenticator, ORIGIN, "evil.test")).status).toBe(401);
    expect((await signInWith(authenticator, "https://evil.test")).status).toBe(401);
    expect((await signInWith(authenticator)).status).toBe(200);
  });

  it("lets only the owner remove a passkey, which then no longer signs in", async () => {
    const owner = await people.client("pk3@example.com");
    const other = await people.client("pk4@example.com");
    const authenticator = await addPasskey(owner.auth);
    expect((await call(`/auth/passkeys/${authenticator.id}`, undefined, other.auth, "DELETE")).status).toBe(404);
    expect((await call(`/auth/passkeys/${authenticator.id}`, undefined, owner.auth, "DELETE")).status).toBe(200);
    expect((await signInWith(authenticator)).status).toBe(401);
    expect((await call("/auth/passkeys", undefined, owner.auth)).body.data.passkeys).toEqual([]);
  });

  it("logs the passkey's addition, a sign-in with it, a refused sign-in and its removal as security events", async () => {
    const client = await people.client("pk5@example.com");
    const authenticator = await addPasskey(client.auth, "Tablet");
    expect((await signInWith(authenticator)).status).toBe(200);
    expect((await signInWith(authenticator, "https://evil.test")).status).toBe(401);
    expect((await call(`/auth/passkeys/${authenticator.id}`, undefined, client.auth, "DELETE")).status).toBe(200);

    const { db } = await testDatabase();
    const events = await db
      .select({ type: securityEvents.type, outcome: securityEvents.outcome, reason: securityEvents.reason })
      .from(securityEvents)
      .where(eq(securityEvents.userId, client.id))
      .orderBy(securityEvents.id);
    expect(events.filter((event) => event.type.startsWith("passkey") || event.reason?.startsWith("passkey"))).toEqual([
      { type: "passkey_added", outcome: "success", reason: "Tablet" },
      { type: "sign_in", outcome: "success", reason: "passkey" },
      { type: "sign_in", outcome: "failure", reason: expect.stringMatching(/^passkey: .*origin/i) },
      { type: "passkey_removed", outcome: "success", reason: "Tablet" },
    ]);
  });

  it("refuses a blocked account's passkey with 'Account is deactivated'", async () => {
    const staff = await people.staff("pk6@crestbuild.ng", "Projects");
    const authenticator = await addPasskey(staff.auth);
    const admin = await people.admin();
    expect((await call(`/admin/users/${staff.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    const refused = await signInWith(authenticator);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Account is deactivated");
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("refuses to remove the only way to sign in of an account without a password or a linked provider", async () => {
    const client = await people.client("pk7@example.com");
    const first = await addPasskey(client.auth, "Phone");
    const second = await addPasskey(client.auth, "Laptop");
    // As an account opened through an identity provider and then unlinked from it: passkeys only.
    await (await testDatabase()).db.update(users).set({ hasPassword: false }).where(eq(users.id, client.id));

    expect((await call(`/auth/passkeys/${first.id}`, undefined, client.auth, "DELETE")).status).toBe(200);
    const last = await call(`/auth/passkeys/${second.id}`, undefined, client.auth, "DELETE");
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(passkeyMessages.lastSignInMethod);
    expect((await signInWith(second)).status).toBe(200);
  });
});
