import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { nextAuthenticatorCode } from "../../testing/authenticator.js";
import { type IdentityProvider, signInAtProvider, startIdentityProvider } from "../../testing/identity-provider.js";
import { mailText } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { softwareAuthenticator } from "../../testing/software-authenticator.js";

const ORIGIN = "https://www.crestbuild.test";
const RP_ID = "www.crestbuild.test";
const env: Record<string, string> = { PUBLIC_ORIGIN: ORIGIN };
let provider: IdentityProvider;

beforeAll(async () => {
  provider = await startIdentityProvider({ redirectUris: [`${ORIGIN}/api/auth/oidc/local/callback`] });
  env.OIDC_PROVIDERS = JSON.stringify([provider.entry("local", "Local ID")]);
});
afterAll(() => provider.close());

const { server, call, people, mail } = setUpTestServer(env);

/** The owner's notice with this subject arrived, with its 'this wasn't me' link. */
async function expectNotice(email: string, subject: string) {
  const notice = mailText(await mail().latestTo(email, subject));
  expect(notice).toContain(`${ORIGIN}/security/not-me#`);
  expect(notice).toContain("This wasn't me");
}

describe("every sign-in method added or removed is told to the owner at once", () => {
  it("emails a passkey added and removed, two-step sign-in on and off, and new recovery codes, each with a not-me link", async () => {
    const client = await people.client("tolu@example.com");
    const authenticator = softwareAuthenticator();
    const options = (await call("/auth/passkeys/register/options", { password: TEST_PASSWORD }, client.auth)).body.data;
    const added = await call("/auth/passkeys", { name: "My phone", response: authenticator.register(options, ORIGIN, RP_ID) }, client.auth);
    expect(added.status).toBe(201);
    await expectNotice(client.email, "A passkey was added to your account");
    expect((await call(`/auth/passkeys/${authenticator.id}`, undefined, client.auth, "DELETE")).status).toBe(200);
    await expectNotice(client.email, "A passkey was removed from your account");

    const { secret } = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data;
    const confirmed = await call("/auth/mfa/verify", { code: await nextAuthenticatorCode(secret) }, client.auth);
    await expectNotice(client.email, "Two-step sign-in was turned on");
    const [first] = confirmed.body.data.recoveryCodes as string[];
    expect((await call("/auth/mfa/recovery-codes", { password: TEST_PASSWORD, code: first }, client.auth)).status).toBe(200);
    await expectNotice(client.email, "New recovery codes were made");
  });

  it("emails two-step sign-in turned off", async () => {
    const client = await people.client("segun@example.com");
    const { secret } = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data;
    const confirmed = await call("/auth/mfa/verify", { code: await nextAuthenticatorCode(secret) }, client.auth);
    const [code] = confirmed.body.data.recoveryCodes as string[];
    expect((await call("/auth/mfa/unenroll", { password: TEST_PASSWORD, code }, client.auth)).status).toBe(200);
    await expectNotice(client.email, "Two-step sign-in was turned off");
  });

  it("emails a provider linked and unlinked, but not a refused unlink", async () => {
    const staff = await people.staff("funmi@crestbuild.ng", "HR");
    const started = await fetch(server().url("/api/auth/oidc/local/link"), {
      method: "POST",
      headers: { ...staff.auth, "content-type": "application/json" },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    const cookie = (started.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { url } = ((await started.json()) as { data: { url: string } }).data;
    provider.person("funmi", { email: "funmi@crestbuild.ng" });
    const callback = await signInAtProvider(url, "funmi");
    const landed = await fetch(server().url(callback.pathname + callback.search), { redirect: "manual", headers: { cookie } });
    expect(landed.headers.get("location")).toContain("identity=linked");
    await expectNotice(staff.email, "A sign-in provider was linked to your account");

    expect((await call("/auth/identities/local", undefined, staff.auth, "DELETE")).status).toBe(200);
    await expectNotice(staff.email, "A sign-in provider was unlinked from your account");
    expect((await call("/auth/identities/local", undefined, staff.auth, "DELETE")).status).toBe(404);
    expect(mail().mails.filter((sent) => sent.subject.includes("unlinked"))).toHaveLength(1);
  });
});
