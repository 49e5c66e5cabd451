import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrongCurrentPassword } from "../../../../shared/auth.js";
import { FRESH_PROVIDER_SIGN_IN_MINUTES, stepUpMessages } from "../../../../shared/step-up.js";
import { userIdentities } from "../../../db/schema.js";
import { TEST_PASSWORD } from "../../../testing/accounts.js";
import { type IdentityProvider, signInAtProvider, startIdentityProvider } from "../../../testing/identity-provider.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { testDatabase } from "../../../testing/test-app.js";

const PUBLIC_ORIGIN = "https://www.crestbuild.test";
const env: Record<string, string> = {};
let provider: IdentityProvider;

beforeAll(async () => {
  provider = await startIdentityProvider({ redirectUris: [`${PUBLIC_ORIGIN}/api/auth/oidc/local/callback`] });
  env.OIDC_PROVIDERS = JSON.stringify([provider.entry("local", "Local ID")]);
});
afterAll(() => provider.close());

const { server, call, people } = setUpTestServer(env);

/** Through the provider to our callback, with the cookie that binds the round trip: the landing page's fragment. */
async function roundTrip(authorizationUrl: string, cookie: string, login: string) {
  const callback = await signInAtProvider(authorizationUrl, login);
  const response = await fetch(server().url(callback.pathname + callback.search), { redirect: "manual", headers: { cookie } });
  const landing = new URL(response.headers.get("location") ?? "", PUBLIC_ORIGIN);
  return { page: landing.pathname, fragment: new URLSearchParams(landing.hash.slice(1)) };
}

/** A sign-in through the provider, all the way to a session: its Authorization header. */
async function providerSession(login: string) {
  const started = await fetch(server().url("/api/auth/oidc/local/start"), { redirect: "manual" });
  const cookie = (started.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const { fragment } = await roundTrip(started.headers.get("location") ?? "", cookie, login);
  expect(fragment.get("oidc")).toBe("ticket");
  const session = await call("/auth/complete-login", { userId: fragment.get("userId"), ticket: fragment.get("ticket") });
  expect(session.status).toBe(200);
  return { userId: fragment.get("userId") ?? "", auth: { authorization: `Bearer ${session.body.data.accessToken}` } };
}

/** POST /auth/oidc/local/link with this proof; the cookie of the round trip it opens, when it opens one. */
async function startLink(auth: Record<string, string>, proof: Record<string, unknown>) {
  const response = await fetch(server().url("/api/auth/oidc/local/link"), {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify(proof),
  });
  const body = (await response.json()) as { data: { url: string } | null; message: string; fields?: Record<string, string> };
  return { status: response.status, body, cookie: (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "" };
}

describe("linking an identity provider needs a fresh proof", () => {
  it("refuses a bearer token alone and a wrong password; the right password opens the round trip that links", async () => {
    const staff = await people.staff("kemi@crestbuild.ng", "HR");
    const alone = await startLink(staff.auth, {});
    expect(alone.status).toBe(400);
    expect(alone.body.fields?.password).toBe(stepUpMessages.passwordRequired);
    expect(alone.cookie).toBe("");
    const wrong = await startLink(staff.auth, { password: "not-my-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields?.password).toBe(wrongCurrentPassword);

    const proven = await startLink(staff.auth, { password: TEST_PASSWORD });
    expect(proven.status).toBe(200);
    provider.person("kemi", { email: "kemi@crestbuild.ng" });
    const linked = await roundTrip(proven.body.data?.url ?? "", proven.cookie, "kemi");
    expect(linked.fragment.get("identity")).toBe("linked");
  });

  it("takes a provider sign-in of the last minutes as the proof of an account without a password, not an older one", async () => {
    provider.person("nadia", { email: "nadia@example.com" });
    const older = await providerSession("nadia");
    // Opened through the provider just now: no password, and this session is the proof.
    expect((await startLink(older.auth, {})).status).toBe(200);

    const fresh = await providerSession("nadia");
    // The older session began before the newest provider sign-in: a token stolen from it proves nothing.
    const stale = await startLink(older.auth, {});
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(stepUpMessages.proofRequired);
    expect((await startLink(fresh.auth, {})).status).toBe(200);

    const db = (await testDatabase()).db;
    const longAgo = new Date(Date.now() - (FRESH_PROVIDER_SIGN_IN_MINUTES + 1) * 60_000);
    await db.update(userIdentities).set({ lastUsedAt: longAgo, createdAt: longAgo }).where(eq(userIdentities.userId, fresh.userId));
    expect((await startLink(fresh.auth, {})).status).toBe(403);
  });
});
