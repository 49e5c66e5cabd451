import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "../../../shared/auth.js";
import type { SecurityAlert } from "../../../shared/security.js";
import { securityEvents, signInAttempts } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { ADMIN_EMAIL } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

// TRUST_PROXY=1: each test plays the proxy and says which address each person comes from.
const { call, mail, people, registerVerified } = setUpTestServer({ TRUST_PROXY: "1" });

const db = async () => (await testDatabase()).db;
const OFFICE = "203.0.113.40";
const from = (address: string) => ({ "x-forwarded-for": address });
const signInFrom = (address: string, email: string, password: string) =>
  call("/auth/verify-credentials", { email, password }, from(address));
const mistype = (address: string, email: string, attempt = 0) => signInFrom(address, email, `wrong-guess-${attempt}`);

async function openAlerts(rule: string): Promise<SecurityAlert[]> {
  const answer = await call("/admin/security/alerts?status=open", undefined, (await people.admin()).auth);
  return (answer.body.data.items as SecurityAlert[]).filter((alert) => alert.rule === rule);
}

describe("sign-in limits stop one person's typos, not the office behind the same address", () => {
  it("two people behind one address: one mistypes six times and is told the real wait, the other signs in", async () => {
    await registerVerified("ngozi@example.com");
    await registerVerified("emeka@example.com");
    for (let attempt = 0; attempt < 5; attempt++) expect((await mistype(OFFICE, "ngozi@example.com", attempt)).status).toBe(401);
    const sixth = await mistype(OFFICE, "ngozi@example.com", 5);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe("Too many login attempts. Please try again in 15 minutes.");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    expect((await signInFrom(OFFICE, "emeka@example.com", TEST_PASSWORD)).status).toBe(200);
    // The lock is on the pair: the right password from her phone's own address still works.
    expect((await signInFrom("198.51.100.8", "ngozi@example.com", TEST_PASSWORD)).status).toBe(200);
    // And at the office, even her right password waits for the window.
    expect((await signInFrom(OFFICE, "ngozi@example.com", TEST_PASSWORD)).status).toBe(429);
  });

  it("says the minutes really left, rounded up, and logs the lockout once however many attempts it refuses", async () => {
    await registerVerified("halima@example.com");
    for (let attempt = 0; attempt < 5; attempt++) await mistype(OFFICE, "halima@example.com", attempt);
    // The window started 10 minutes 30 seconds ago: 4 minutes 30 seconds are left.
    await (await db())
      .update(signInAttempts)
      .set({ windowStartedAt: sql`now() - interval '630 seconds'` })
      .where(eq(signInAttempts.key, `pair:halima@example.com|${OFFICE}`));
    for (let refused = 0; refused < 10; refused++) {
      const locked = await mistype(OFFICE, "halima@example.com", refused);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe("Too many login attempts. Please try again in 5 minutes.");
    }
    const lockouts = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "lockout"));
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ email: "halima@example.com", reason: "account_and_address", ipAddress: OFFICE });
  });

  it("one account failing from many addresses: 19 failures raise nothing, the 20th alerts the admins, the next are slowed", async () => {
    await people.admin();
    await registerVerified("target@example.com");
    // Four failures from each of five addresses: no pair is locked, the account counts them all.
    const addresses = ["192.0.2.11", "192.0.2.12", "192.0.2.13", "192.0.2.14", "192.0.2.15"];
    for (const [index, address] of addresses.entries()) {
      for (let attempt = 0; attempt < 4; attempt++) {
        if (index === 4 && attempt === 3) expect(await openAlerts("account_failed_sign_ins")).toEqual([]);
        expect((await mistype(address, "target@example.com", attempt)).status).toBe(401);
      }
    }
    const [alert] = await openAlerts("account_failed_sign_ins");
    expect(alert).toMatchObject({ subject: "target@example.com", severity: "high" });
    expect(alert?.evidence).toHaveLength(SIGN_IN_LIMITS.perAccountSlowDown);
    expect((await mail().latestTo(ADMIN_EMAIL, "Many failed sign-ins")).subject).toBe(
      "Security alert: Many failed sign-ins against one account",
    );

    const started = Date.now();
    expect((await mistype("192.0.2.16", "target@example.com")).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.slowDownSeconds * 1000 - 50);
  });

  it("locks the account from every address at 50 failures; 49 still let the right password in", async () => {
    await registerVerified("besieged@example.com");
    const setAccountFailures = async (attempts: number) =>
      (await db())
        .insert(signInAttempts)
        .values({ key: "account:besieged@example.com", attempts, windowStartedAt: new Date() })
        .onConflictDoUpdate({ target: signInAttempts.key, set: { attempts } });
    await setAccountFailures(SIGN_IN_LIMITS.perAccount - 1);
    expect((await signInFrom("198.51.100.60", "besieged@example.com", TEST_PASSWORD)).status).toBe(200);
    await setAccountFailures(SIGN_IN_LIMITS.perAccount);
    const locked = await signInFrom("198.51.100.61", "besieged@example.com", TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many login attempts\. Please try again in 1[45] minutes\.$/);
  });

  it("one address trying many accounts: 100 failures lock the address for every account, not other addresses", async () => {
    await registerVerified("bystander@example.com");
    const stuffer = "198.51.100.200";
    // 20 accounts, 5 guesses each: no pair is over its limit, the address reaches 100.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => mistype(stuffer, `victim${batch * 2 + (index % 2)}@example.com`, index)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    }
    const refused = await signInFrom(stuffer, "bystander@example.com", TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    expect((await signInFrom("198.51.100.201", "bystander@example.com", TEST_PASSWORD)).status).toBe(200);
  }, 60_000);
});

describe("an IPv6 address counts by its /64", () => {
  it("five failures from five addresses of one /64 lock the account there; another /64 still signs in", async () => {
    await registerVerified("ifeoma@example.com");
    for (let host = 1; host <= 5; host++) expect((await mistype(`2001:db8:1:2::${host}`, "ifeoma@example.com", host)).status).toBe(401);
    expect((await signInFrom("2001:db8:1:2:abcd::99", "ifeoma@example.com", TEST_PASSWORD)).status).toBe(429);
    expect((await signInFrom("2001:db8:1:3::1", "ifeoma@example.com", TEST_PASSWORD)).status).toBe(200);
  });
});
