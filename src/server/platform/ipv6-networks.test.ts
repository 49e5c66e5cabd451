import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SecurityAlert } from "../../shared/security.js";
import { addressBlocks, securityEvents } from "../db/schema.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { testDatabase } from "../testing/test-app.js";
import { addressKey, addressKeySql } from "./client-address.js";

// TRUST_PROXY=1: each request says where it comes from in X-Forwarded-For.
const { call, people } = setUpTestServer({ TRUST_PROXY: "1" });

const db = async () => (await testDatabase()).db;
const from = (address: string) => ({ "x-forwarded-for": address });

describe("an address's key", () => {
  it("is an IPv4 address itself and an IPv6 address's /64, the same in the server and in SQL", async () => {
    const cases = {
      "203.0.113.7": "203.0.113.7",
      "::ffff:203.0.113.7": "203.0.113.7",
      "2001:db8:1:2::5": "2001:db8:1:2::/64",
      "2001:DB8:1:2:aaaa:bbbb:cccc:dddd": "2001:db8:1:2::/64",
      "2001:db8::1": "2001:db8::/64",
      "2001:db8:0:1::9": "2001:db8:0:1::/64",
      "64:ff9b::198.51.100.1": "64:ff9b::/64",
    };
    for (const [address, key] of Object.entries(cases)) {
      expect(addressKey(address)).toBe(key);
      const result = (await (await db()).execute(sql`select ${addressKeySql(sql`lower(${address})`)} as key`)) as unknown as {
        rows: { key: string }[];
      };
      expect(result.rows[0]?.key, address).toBe(key);
    }
  });
});

describe("IPv6 addresses are counted and blocked by their /64", () => {
  it("a per-address rate limit counts every address of one /64 together, and another /64 apart", async () => {
    const forgot = (address: string) => call("/auth/forgot-password", { email: "someone@example.com" }, from(address));
    for (let host = 1; host <= 5; host++) expect((await forgot(`2001:db8:aa:1::${host}`)).status).toBe(200);
    expect((await forgot("2001:db8:aa:1:ffff::6")).status).toBe(429);
    expect((await forgot("2001:db8:aa:2::1")).status).toBe(200);
  });

  it("blocking one IPv6 address blocks its /64 (a new entry and one stored before), not the next /64", async () => {
    const admin = await people.admin();
    const blocked = await call("/admin/security/blocklist", { address: "2001:db8:5:6::7", reason: "Scripted attack" }, admin.auth);
    expect(blocked.status).toBe(201);
    expect(blocked.body.data.address).toBe("2001:db8:5:6::/64");
    // An entry stored as a single address, as the blocklist kept them before.
    await (await db()).insert(addressBlocks).values({ address: "2001:db8:7:8::1", reason: "Older entry" });
    await call(`/admin/security/blocklist/${blocked.body.data.id}`, undefined, admin.auth, "DELETE");
    expect((await call("/admin/security/blocklist", { address: "2001:db8:5:6::7", reason: "Again" }, admin.auth)).status).toBe(201);

    for (const address of ["2001:db8:5:6::7", "2001:db8:5:6:ffff::1", "2001:db8:7:8:1234::5"]) {
      expect((await call("/content/company", undefined, from(address))).status, address).toBe(403);
    }
    for (const address of ["2001:db8:5:7::1", "2001:db8:7:9::1"]) {
      expect((await call("/content/company", undefined, from(address))).status, address).toBe(200);
    }
    // One refusal logged for the /64 in the minute, whichever of its addresses was refused.
    const logged = await (await db()).select().from(securityEvents).where(eq(securityEvents.type, "address_blocked"));
    expect(logged.filter((event) => event.ipAddress?.startsWith("2001:db8:5:6:"))).toHaveLength(1);
  });

  it("the threat rules count failed sign-ins from one /64 together: ten from ten of its addresses alert on the /64", async () => {
    const admin = await people.admin();
    // A different account each time: the sign-in limits stay out of the way.
    const failFrom = (address: string) =>
      call("/auth/verify-credentials", { email: `nobody-${address}@example.com`, password: "not-the-password" }, from(address));
    const alerts = async () =>
      ((await call("/admin/security/alerts?status=open", undefined, admin.auth)).body.data.items as SecurityAlert[]).filter(
        (alert) => alert.rule === "address_failed_sign_ins",
      );
    for (let host = 1; host <= 9; host++) await failFrom(`2001:db8:9:9::${host}`);
    // A tenth from the next /64 is another network.
    await failFrom("2001:db8:9:a::1");
    expect(await alerts()).toEqual([]);
    await failFrom("2001:db8:9:9:ffff::10");
    const [alert] = await alerts();
    expect(alert).toMatchObject({ subject: "2001:db8:9:9::/64", ipAddress: "2001:db8:9:9::/64" });
    expect(alert?.evidence).toHaveLength(10);
    expect(alert?.evidence.every((event) => event.ipAddress?.startsWith("2001:db8:9:9:"))).toBe(true);
  });
});
