import { describe, expect, it } from "vitest";
import { SIGN_IN_REQUESTS_PER_ADDRESS } from "../../../shared/auth.js";
import { securityEvents, sessions, signInAttempts } from "../../db/schema.js";
import { MAX_USER_AGENT_LENGTH } from "../../platform/user-agent-cut.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, registerVerified } = setUpTestServer({ TRUST_PROXY: "1" });

const db = async () => (await testDatabase()).db;
const FLOODER = "198.51.100.66";
const HUGE_USER_AGENT = `Mozilla/5.0 ${"x".repeat(8 * 1024)}`;
const flood = { "x-forwarded-for": FLOODER, "user-agent": HUGE_USER_AGENT };

async function storedRows() {
  return {
    events: await (await db()).select().from(securityEvents),
    counters: await (await db()).select().from(signInAttempts),
  };
}

describe("a flood of sign-ins writes bounded data", () => {
  it.each([
    ["/auth/verify-credentials", SIGN_IN_REQUESTS_PER_ADDRESS, { email: `${"a".repeat(1024)}@example.com`, password: "guess" }],
    ["/auth/login", SIGN_IN_REQUESTS_PER_ADDRESS, { email: `${"b".repeat(1024)}@example.com`, password: "guess" }],
    ["/auth/complete-login", SIGN_IN_REQUESTS_PER_ADDRESS, { userId: "x".repeat(1024), ticket: "y" }],
    ["/auth/passkeys/sign-in", 30, { response: { id: "x".repeat(1024) } }],
  ])(
    "%s answers %i requests per address, then refuses, logging one refusal and nothing else",
    async (path, limit, body) => {
      for (let sent = 0; sent < limit; sent++) expect((await call(path, body, flood)).status).not.toBe(429);
      for (let refused = 0; refused < 30; refused++) {
        const answer = await call(path, body, flood);
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      const { events, counters } = await storedRows();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: "rate_limited", reason: `POST /api${path}`, ipAddress: FLOODER });
      expect(events[0]?.userAgent).toHaveLength(MAX_USER_AGENT_LENGTH);
      expect(counters).toEqual([]);
      // Another address is not held back by this one's flood.
      expect((await call(path, body, { "x-forwarded-for": "198.51.100.67" })).status).not.toBe(429);
    },
    120_000,
  );

  it("refuses an email over 254 characters before it is counted or logged", async () => {
    const email = `${"c".repeat(250)}@example.com`;
    const answer = await call("/auth/verify-credentials", { email, password: "guess" }, flood);
    expect(answer.status).toBe(400);
    expect(await storedRows()).toEqual({ events: [], counters: [] });
  });

  it("cuts a user agent over 512 characters before the access log or the session stores it", async () => {
    await registerVerified("kemi@example.com");
    expect((await call("/auth/verify-credentials", { email: "kemi@example.com", password: "wrong-guess" }, flood)).status).toBe(401);
    const checked = await call("/auth/verify-credentials", { email: "kemi@example.com", password: TEST_PASSWORD }, flood);
    const { userId, ticket } = checked.body.data;
    expect((await call("/auth/complete-login", { userId, ticket }, flood)).status).toBe(200);
    const { events } = await storedRows();
    const kemi = events.filter((event) => event.type === "sign_in").sort((a, b) => a.id - b.id);
    expect(kemi.map((event) => event.outcome)).toEqual(["failure", "success"]);
    expect(kemi.map((event) => event.userAgent)).toEqual([
      HUGE_USER_AGENT.slice(0, MAX_USER_AGENT_LENGTH),
      HUGE_USER_AGENT.slice(0, MAX_USER_AGENT_LENGTH),
    ]);
    const [session] = await (await db()).select().from(sessions);
    expect(session?.userAgent).toBe(HUGE_USER_AGENT.slice(0, MAX_USER_AGENT_LENGTH));
  });
});
