import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityMessages } from "../../../../shared/identities.js";
import { securityEvents, userIdentities, users } from "../../../db/schema.js";
import { TEST_PASSWORD } from "../../../testing/accounts.js";
import { type IdentityProvider, signInAtProvider, startIdentityProvider } from "../../../testing/identity-provider.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";

const PUBLIC_ORIGIN = "https://www.crestbuild.test";
const env: Record<string, string> = {};
let provider: IdentityProvider;
/** A provider in the package's default configuration: the email only at its userinfo endpoint, as the standard says. */
let conformant: IdentityProvider;

beforeAll(async () => {
  provider = await startIdentityProvider({ redirectUris: [`${PUBLIC_ORIGIN}/api/auth/oidc/local/callback`] });
  conformant = await startIdentityProvider({ redirectUris: [`${PUBLIC_ORIGIN}/api/auth/oidc/standard/callback`], claims: "conformant" });
  env.OIDC_PROVIDERS = JSON.stringify([provider.entry("local", "Local ID"), conformant.entry("standard", "Standard ID")]);
});
afterAll(() => Promise.all([provider.close(), conformant.close()]));

const { server, call, people, registerVerified } = setUpTestServer(env);

const db = async () => (await testDatabase()).db;

/** Where Crestbuild sends the browser to start, and the cookie binding the round trip to that browser. */
async function startSignIn(providerId = "local"): Promise<{ authorizationUrl: string; cookie: string }> {
  const response = await fetch(server().url(`/api/auth/oidc/${providerId}/start`), { redirect: "manual" });
  expect(response.status).toBe(302);
  const cookie = (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  expect(cookie).toMatch(/^cb_oidc=/);
  return { authorizationUrl: response.headers.get("location") ?? "", cookie };
}

/** The provider's answer delivered to our callback: the page the browser lands on and its fragment. */
async function deliver(callback: URL, cookie: string, providerId = "local") {
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_ORIGIN}/api/auth/oidc/${providerId}/callback`);
  const response = await fetch(server().url(callback.pathname + callback.search), { redirect: "manual", headers: { cookie } });
  expect(response.status).toBe(303);
  const landing = new URL(response.headers.get("location") ?? "", PUBLIC_ORIGIN);
  return { page: landing.pathname, fragment: new URLSearchParams(landing.hash.slice(1)) };
}

async function signInWithProvider(login: string, providerId = "local") {
  const { authorizationUrl, cookie } = await startSignIn(providerId);
  return deliver(await signInAtProvider(authorizationUrl, login), cookie, providerId);
}

async function completeLogin(fragment: URLSearchParams, code?: string) {
  return call("/auth/complete-login", { userId: fragment.get("userId"), ticket: fragment.get("ticket"), code });
}

async function eventsOf(type: string) {
  return (await db()).select().from(securityEvents).where(eq(securityEvents.type, type));
}

describe("sign-in with an identity provider", () => {
  it("lists the configured providers and sends the browser to the provider with PKCE, state and nonce", async () => {
    const listed = await call("/auth/oidc/providers");
    expect(listed.body.data.providers).toEqual([
      { id: "local", name: "Local ID" },
      { id: "standard", name: "Standard ID" },
    ]);
    const { authorizationUrl } = await startSignIn();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_ORIGIN}/api/auth/oidc/local/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect((await fetch(server().url("/api/auth/oidc/nope/start"), { redirect: "manual" })).status).toBe(404);
  });

  it("opens a client account on a first sign-in with a verified email, then signs the same person in again", async () => {
    provider.person("ada", { email: "Ada.Eze@Example.com", given_name: "Ada", family_name: "Eze" });
    const first = await signInWithProvider("ada");
    expect(first.page).toBe("/login");
    expect(first.fragment.get("oidc")).toBe("ticket");
    expect(first.fragment.get("mfa")).toBe("0");
    const session = await completeLogin(first.fragment);
    expect(session.status).toBe(200);
    expect(session.body.data.dashboard).toBe("/dashboard");
    expect(session.body.data.user).toMatchObject({
      email: "ada.eze@example.com",
      firstName: "Ada",
      lastName: "Eze",
      role: "user",
      isVerified: true,
    });

    const again = await signInWithProvider("ada");
    expect(again.fragment.get("userId")).toBe(first.fragment.get("userId"));
    expect((await completeLogin(again.fragment)).status).toBe(200);
    const accounts = await (await db()).select().from(users).where(eq(users.email, "ada.eze@example.com"));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.hasPassword).toBe(false);
    expect(await eventsOf("identity_sign_in")).toHaveLength(2);
    // The ticket works once.
    expect((await completeLogin(again.fragment)).status).toBe(401);
  });

  it("refuses an email the provider has not verified", async () => {
    provider.person("unverified", { email: "maybe@example.com", email_verified: false });
    const landing = await signInWithProvider("unverified");
    expect(landing.fragment.get("reason")).toBe("emailNotVerified");
    expect(await (await db()).select().from(users).where(eq(users.email, "maybe@example.com"))).toHaveLength(0);
  });

  it("asks an existing account for its password once before linking, never linking silently", async () => {
    await registerVerified("bola@example.com");
    provider.person("bola", { email: "bola@example.com" });
    const landing = await signInWithProvider("bola");
    expect(landing.fragment.get("oidc")).toBe("confirm");
    expect(landing.fragment.get("email")).toBe("bola@example.com");
    expect(landing.fragment.get("provider")).toBe("Local ID");
    expect(landing.fragment.get("ticket")).toBeNull();
    expect(await (await db()).select().from(userIdentities)).toHaveLength(0);

    const token = landing.fragment.get("token");
    const wrong = await call("/auth/oidc/confirm-link", { token, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid credentials");
    expect(await (await db()).select().from(userIdentities)).toHaveLength(0);

    const confirmed = await call("/auth/oidc/confirm-link", { token, password: TEST_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect((await call("/auth/complete-login", { userId: confirmed.body.data.userId, ticket: confirmed.body.data.ticket })).status).toBe(
      200,
    );
    // Used once.
    expect((await call("/auth/oidc/confirm-link", { token, password: TEST_PASSWORD })).status).toBe(410);
    // Linked now: the next provider sign-in goes straight through.
    const next = await signInWithProvider("bola");
    expect(next.fragment.get("oidc")).toBe("ticket");
    expect(await eventsOf("identity_linked")).toHaveLength(1);
  });

  it("lets staff use a provider only after linking it from their settings", async () => {
    const staff = await people.staff("chidi@crestbuild.ng", "HR");
    provider.person("chidi", { email: "chidi@crestbuild.ng" });
    const refused = await signInWithProvider("chidi");
    expect(refused.fragment.get("reason")).toBe("staffMustLinkFirst");

    const started = await fetch(server().url("/api/auth/oidc/local/link"), {
      method: "POST",
      headers: { ...staff.auth, "content-type": "application/json" },
      body: JSON.stringify({ password: TEST_PASSWORD }),
    });
    expect(started.status).toBe(200);
    const cookie = (started.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { url } = ((await started.json()) as { data: { url: string } }).data;
    const linked = await deliver(await signInAtProvider(url, "chidi"), cookie);
    expect(linked.page).toBe("/settings");
    expect(linked.fragment.get("identity")).toBe("linked");

    const signedIn = await signInWithProvider("chidi");
    const session = await completeLogin(signedIn.fragment);
    expect(session.body.data.dashboard).toBe("/dashboard/hr");
  });

  it("still asks for the second factor when two-step sign-in is on", async () => {
    // Turning two-step sign-in on takes the account's password: a client who has one links the provider.
    const client = await people.client("dayo@example.com");
    const { secret } = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data;
    expect((await call("/auth/mfa/verify", { code: await generate({ secret }) }, client.auth)).status).toBe(200);
    provider.person("dayo", { email: "dayo@example.com" });
    const asked = await signInWithProvider("dayo");
    expect((await call("/auth/oidc/confirm-link", { token: asked.fragment.get("token"), password: TEST_PASSWORD })).status).toBe(200);

    const landing = await signInWithProvider("dayo");
    expect(landing.fragment.get("mfa")).toBe("1");
    const withoutCode = await completeLogin(landing.fragment);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.error).toBe("mfa_required");
  });

  it("refuses a blocked account with 'Account is deactivated'", async () => {
    provider.person("eve", { email: "eve@example.com" });
    const first = await signInWithProvider("eve");
    await (await db())
      .update(users)
      .set({ active: false })
      .where(eq(users.id, first.fragment.get("userId") ?? ""));
    const landing = await signInWithProvider("eve");
    expect(landing.fragment.get("reason")).toBe("accountDeactivated");
    expect(identityMessages.accountDeactivated).toBe("Account is deactivated");
  });

  it("refuses a wrong state, a state from another browser, and a callback delivered twice", async () => {
    const { authorizationUrl, cookie } = await startSignIn();
    const callback = await signInAtProvider(authorizationUrl, "frank");
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged-state-value");
    expect((await deliver(forged, cookie)).fragment.get("reason")).toBe("signInFailed");
    expect((await deliver(callback, "cb_oidc=someone-elses")).fragment.get("reason")).toBe("signInFailed");

    const other = await startSignIn();
    const good = await signInAtProvider(other.authorizationUrl, "frank");
    expect((await deliver(good, other.cookie)).fragment.get("oidc")).toBe("ticket");
    expect((await deliver(good, other.cookie)).fragment.get("reason")).toBe("signInFailed");
  });

  // The token is re-signed with the provider's own key: only the changed claim can be what is refused.
  for (const [what, change, claim] of [
    ["a wrong nonce", (claims: Record<string, unknown>) => ({ ...claims, nonce: "another-nonce" }), "nonce"],
    ["another issuer", (claims: Record<string, unknown>) => ({ ...claims, iss: "http://127.0.0.1:1" }), "iss"],
    ["another audience", (claims: Record<string, unknown>) => ({ ...claims, aud: "another-client" }), "aud"],
  ] as const) {
    it(`refuses an ID token with ${what}`, async () => {
      provider.person("grace", { email: "grace@example.com" });
      const { authorizationUrl, cookie } = await startSignIn();
      const callback = await signInAtProvider(authorizationUrl, "grace");
      provider.tamperNextIdToken(change);
      const landing = await deliver(callback, cookie);
      expect(landing.fragment.get("reason")).toBe("signInFailed");
      expect(landing.fragment.get("ticket")).toBeNull();
      expect(await (await db()).select().from(users).where(eq(users.email, "grace@example.com"))).toHaveLength(0);
      const [failure] = await (await db())
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.type, "sign_in"), eq(securityEvents.outcome, "failure")));
      expect(failure?.reason).toMatch(new RegExp(`^local: .*"${claim}"`));
    });
  }
});

describe("sign-in with a provider that puts the email only at its userinfo endpoint", () => {
  it("reads the verified email and the name from userinfo, opens the account, then signs the person in again", async () => {
    conformant.person("jide", { email: "Jide.Okafor@Example.com", given_name: "Jide", family_name: "Okafor" });
    const first = await signInWithProvider("jide", "standard");
    expect(first.fragment.get("oidc")).toBe("ticket");
    const session = await completeLogin(first.fragment);
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({
      email: "jide.okafor@example.com",
      firstName: "Jide",
      lastName: "Okafor",
      isVerified: true,
    });

    const again = await signInWithProvider("jide", "standard");
    expect(again.fragment.get("userId")).toBe(first.fragment.get("userId"));
    expect((await completeLogin(again.fragment)).status).toBe(200);
  });

  it("still refuses an email that userinfo says is not verified", async () => {
    conformant.person("kemi", { email: "kemi@example.com", email_verified: false });
    const landing = await signInWithProvider("kemi", "standard");
    expect(landing.fragment.get("reason")).toBe("emailNotVerified");
    expect(await (await db()).select().from(users).where(eq(users.email, "kemi@example.com"))).toHaveLength(0);
  });
});

describe("linked identities in settings", () => {
  it("refuses to unlink the last way to sign in, and unlinks when a password remains", async () => {
    provider.person("hana", { email: "hana@example.com" });
    const { accessToken } = (await completeLogin((await signInWithProvider("hana")).fragment)).body.data;
    const auth = { authorization: `Bearer ${accessToken}` };
    const methods = await call("/auth/identities", undefined, auth);
    expect(methods.body.data).toMatchObject({
      hasPassword: false,
      identities: [{ provider: "local", name: "Local ID", email: "hana@example.com" }],
    });
    const refused = await call("/auth/identities/local", undefined, auth, "DELETE");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(identityMessages.lastSignInMethod);
    expect((await call("/auth/identities", undefined, auth)).body.data.identities).toHaveLength(1);

    const client = await people.client("ifeoma@example.com");
    provider.person("ifeoma", { email: "ifeoma@example.com" });
    const landing = await signInWithProvider("ifeoma");
    expect((await call("/auth/oidc/confirm-link", { token: landing.fragment.get("token"), password: TEST_PASSWORD })).status).toBe(200);
    const unlinked = await call("/auth/identities/local", undefined, client.auth, "DELETE");
    expect(unlinked.status).toBe(200);
    expect((await call("/auth/identities/local", undefined, client.auth, "DELETE")).status).toBe(404);
    expect(await eventsOf("identity_unlinked")).toHaveLength(2);
  });

  it("needs a signed-in user to list, link or unlink", async () => {
    expect((await call("/auth/identities")).status).toBe(401);
    expect((await call("/auth/oidc/local/link", {})).status).toBe(401);
    expect((await call("/auth/identities/local", undefined, {}, "DELETE")).status).toBe(401);
  });
});
