import { describe, expect, it } from "vitest";
import type { SecurityAlert, ThreatRule } from "../../../shared/security.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

// TRUST_PROXY=1: each scripted attacker sends its own made-up address in X-Forwarded-For.
const { call, mail, people, signIn } = setUpTestServer({ TRUST_PROXY: "1" });

const from = (address: string, userAgent = "auth-test") => ({ "x-forwarded-for": address, "user-agent": userAgent });
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

async function alerts(rule?: ThreatRule): Promise<SecurityAlert[]> {
  const admin = await people.admin();
  const answer = await call("/admin/security/alerts?status=open", undefined, admin.auth);
  expect(answer.status).toBe(200);
  const items = answer.body.data.items as SecurityAlert[];
  return rule ? items.filter((alert) => alert.rule === rule) : items;
}

const failSignIn = (email: string, address: string) =>
  call("/auth/verify-credentials", { email, password: "not-the-password-1" }, from(address));

describe("threat rules fire from real requests, and not from a near miss", () => {
  it("failed sign-ins from one address: 9 raise nothing, the 10th raises an alert whose evidence lists the 10", async () => {
    await people.admin();
    // Two accounts, five each: the per-account-and-address lock (and its one logged refusal) stays out of the way.
    for (let attempt = 1; attempt <= 9; attempt++) await failSignIn(`nobody${attempt % 2}@example.com`, "203.0.113.10");
    expect(await alerts("address_failed_sign_ins")).toEqual([]);
    await failSignIn("nobody0@example.com", "203.0.113.10");
    const [alert] = await alerts("address_failed_sign_ins");
    expect(alert).toMatchObject({ subject: "203.0.113.10", ipAddress: "203.0.113.10", severity: "medium", status: "open" });
    expect(alert?.evidence).toHaveLength(10);
    expect(alert?.evidence.every((event) => event.ipAddress === "203.0.113.10" && event.outcome === "failure")).toBe(true);
  });

  it("one address trying many accounts: 4 accounts raise nothing, the 5th raises credential stuffing", async () => {
    await people.admin();
    for (const name of ["ada", "bola", "chidi", "dayo"]) await failSignIn(`${name}@example.com`, "198.51.100.20");
    expect(await alerts("credential_stuffing")).toEqual([]);
    await failSignIn("emeka@example.com", "198.51.100.20");
    const [alert] = await alerts("credential_stuffing");
    expect(alert).toMatchObject({ subject: "198.51.100.20", severity: "high" });
    expect(new Set(alert?.evidence.map((event) => event.email))).toEqual(
      new Set(["ada@example.com", "bola@example.com", "chidi@example.com", "dayo@example.com", "emeka@example.com"]),
    );
    expect((await mail().latestTo(ADMIN_EMAIL, "Security alert")).subject).toBe("Security alert: One address trying many accounts");
  });

  it("one account from several addresses: 2 addresses raise nothing, the 3rd raises an alert on the account", async () => {
    await people.client("target@example.com");
    await failSignIn("target@example.com", "192.0.2.1");
    await failSignIn("target@example.com", "192.0.2.2");
    expect(await alerts("account_many_addresses")).toEqual([]);
    await failSignIn("target@example.com", "192.0.2.3");
    const [alert] = await alerts("account_many_addresses");
    expect(alert?.subject).toBe("target@example.com");
    expect(alert?.evidence.map((event) => event.ipAddress)).toEqual(["192.0.2.1", "192.0.2.2", "192.0.2.3"]);
  });

  it("a lockout raises an alert; five failures that stop short of it do not", async () => {
    await people.client("locked@example.com");
    for (let attempt = 1; attempt <= 5; attempt++) await failSignIn("locked@example.com", "192.0.2.50");
    expect(await alerts("lockout")).toEqual([]);
    expect((await failSignIn("locked@example.com", "192.0.2.50")).status).toBe(429);
    const [alert] = await alerts("lockout");
    expect(alert?.subject).toBe("locked@example.com");
    expect(alert?.evidence.map((event) => event.type)).toEqual(["lockout"]);
  });

  it("refresh-token reuse raises a high alert and emails the admins once an hour for it", async () => {
    await people.admin();
    const session = await people.client("reused@example.com");
    const refreshed = await call("/auth/refresh", { refreshToken: session.refreshToken }, { "x-refresh-token-delivery": "body" });
    expect(refreshed.status).toBe(200);
    expect(await alerts("refresh_token_reuse")).toEqual([]);
    expect((await call("/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    const [alert] = await alerts("refresh_token_reuse");
    expect(alert).toMatchObject({ subject: "reused@example.com", severity: "high" });
    expect(alert?.evidence.map((event) => event.type)).toEqual(["refresh_reuse"]);
    await mail().latestTo(ADMIN_EMAIL, "A stolen session token was used");
    // Reused again: the same open alert gathers the event; no second email within the hour.
    expect((await call("/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    expect((await alerts("refresh_token_reuse"))[0]?.evidence).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mail().mails.filter((sent) => sent.subject.includes("A stolen session token was used"))).toHaveLength(1);
  });

  it("a sign-in attempt on a blocked account raises an alert; the same attempt on an active account does not", async () => {
    const admin = await people.admin();
    const client = await people.client("blocked@example.com");
    await signIn("blocked@example.com");
    expect(await alerts("blocked_account_sign_in")).toEqual([]);
    expect((await call(`/admin/users/${client.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    const refused = await call("/auth/verify-credentials", { email: "blocked@example.com", password: TEST_PASSWORD });
    expect(refused.status).toBe(401);
    const [alert] = await alerts("blocked_account_sign_in");
    expect(alert?.subject).toBe("blocked@example.com");
    expect(alert?.evidence[0]).toMatchObject({ type: "sign_in", outcome: "failure", reason: "blocked" });
  });

  it("rate-limit refusals: allowed requests raise nothing; a flood of refusals logs one and raises one alert", async () => {
    await people.admin();
    const inquiry = { name: "Spam Bot", email: "bot@example.com", subject: "Offer", message: "Buy our links, many links for you." };
    for (let sent = 1; sent <= 5; sent++) expect((await call("/contact", inquiry, from("198.51.100.99"))).status).toBe(201);
    expect(await alerts("rate_limit_refusals")).toEqual([]);
    for (let refused = 1; refused <= 20; refused++) expect((await call("/contact", inquiry, from("198.51.100.99"))).status).toBe(429);
    const [alert] = await alerts("rate_limit_refusals");
    expect(alert?.subject).toBe("198.51.100.99");
    expect(alert?.evidence).toHaveLength(1);
    expect(alert?.evidence[0]).toMatchObject({ type: "rate_limited", reason: "POST /api/contact" });
  });

  it("an admin signing in from a new device raises an alert; the same device again does not, nor a client's new device", async () => {
    await people.admin();
    const signInWith = async (email: string, password: string, userAgent: string) => {
      const checked = await call("/auth/verify-credentials", { email, password }, { "user-agent": userAgent });
      const completed = await call(
        "/auth/complete-login",
        { userId: checked.body.data.userId, ticket: checked.body.data.ticket },
        { "user-agent": userAgent },
      );
      expect(completed.status).toBe(200);
    };
    // people.admin() signed in with the tests' own user agent: the same device again is not new.
    await signInWith(ADMIN_EMAIL, ADMIN_PASSWORD, "auth-test");
    expect(await alerts("admin_new_device")).toEqual([]);
    await people.client("client@example.com");
    await signInWith("client@example.com", TEST_PASSWORD, FIREFOX_LINUX);
    expect(await alerts("admin_new_device")).toEqual([]);
    await signInWith(ADMIN_EMAIL, ADMIN_PASSWORD, FIREFOX_LINUX);
    const [alert] = await alerts("admin_new_device");
    expect(alert).toMatchObject({ subject: ADMIN_EMAIL, severity: "high" });
    expect(alert?.evidence[0]).toMatchObject({ type: "sign_in", outcome: "success", userAgent: FIREFOX_LINUX });
    // A newer version of a browser already seen is the same device.
    const admin = await people.admin();
    expect((await call(`/admin/security/alerts/${alert?.id}/acknowledge`, {}, admin.auth)).status).toBe(200);
    await signInWith(ADMIN_EMAIL, ADMIN_PASSWORD, FIREFOX_LINUX.replaceAll("125.0", "126.0"));
    expect(await alerts("admin_new_device")).toEqual([]);
  });
});

describe("alerts", () => {
  it("are admins' only; acknowledging one takes it off the open list and off the bell", async () => {
    const admin = await people.admin();
    const client = await people.client("curious@example.com");
    expect((await call("/admin/security/alerts", undefined, client.auth)).status).toBe(403);
    for (let attempt = 1; attempt <= 6; attempt++) await failSignIn("curious@example.com", "192.0.2.77");
    const [alert] = await alerts("lockout");
    expect(alert).toBeDefined();
    const bellBefore = await call("/notifications", undefined, admin.auth);
    expect(bellBefore.body.data.openSecurityAlerts).toBe((await alerts()).length);
    expect((await call("/notifications", undefined, client.auth)).body.data.openSecurityAlerts).toBe(0);

    expect((await call(`/admin/security/alerts/${alert?.id}/acknowledge`, {}, client.auth)).status).toBe(403);
    const acknowledged = await call(`/admin/security/alerts/${alert?.id}/acknowledge`, {}, admin.auth);
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.data).toMatchObject({ id: alert?.id, status: "acknowledged" });
    expect(await alerts("lockout")).toEqual([]);
    expect((await call("/notifications", undefined, admin.auth)).body.data.openSecurityAlerts).toBe(
      bellBefore.body.data.openSecurityAlerts - 1,
    );
    const all = await call("/admin/security/alerts?status=acknowledged", undefined, admin.auth);
    expect(all.body.data.items.map((item: SecurityAlert) => item.id)).toContain(alert?.id);
    expect((await call("/admin/security/alerts/999999/acknowledge", {}, admin.auth)).status).toBe(404);
    expect((await call("/admin/security/alerts?status=closed", undefined, admin.auth)).status).toBe(400);
  });
});
