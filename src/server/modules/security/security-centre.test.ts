import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { securityMessages } from "../../../shared/security.js";
import { wording } from "../../../shared/wording.js";
import { codeIn, mailText } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";
import { CSV_BATCH_SIZE } from "./access-log.js";

// TRUST_PROXY=1: a request says where it comes from in X-Forwarded-For, as behind the load balancer.
const { call, server, mail, people } = setUpTestServer({ TRUST_PROXY: "1" });

const from = (address: string) => ({ "x-forwarded-for": address });
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

describe("the address blocklist", () => {
  it("refuses a blocked address and a blocked range (IPv4 and IPv6) before any route, logs the refusal, and lets others and unblocked addresses in", async () => {
    const admin = await people.admin();
    const block = (address: string) => call("/admin/security/blocklist", { address, reason: "Scripted attack" }, admin.auth);
    const single = await block("203.0.113.7");
    expect(single.status).toBe(201);
    expect(single.body.data).toMatchObject({ address: "203.0.113.7", reason: "Scripted attack", expiresAt: null });
    expect((await block("198.51.100.0/24")).status).toBe(201);
    expect((await block("2001:db8::/32")).status).toBe(201);

    for (const address of ["203.0.113.7", "198.51.100.77", "2001:db8::5"]) {
      const refused = await call("/content/company", undefined, from(address));
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, message: wording.accessDenied });
      // Pages and files too, not only the API.
      expect((await fetch(server().url("/about"), { headers: from(address) })).status).toBe(403);
    }
    for (const address of ["203.0.113.8", "198.51.101.1", "2001:db9::5"]) {
      expect((await call("/content/company", undefined, from(address))).status).toBe(200);
    }

    const logged = await call("/admin/security/events?type=address_blocked&address=198.51.100.77", undefined, admin.auth);
    expect(logged.body.data.items).toHaveLength(1);
    expect(logged.body.data.items[0]).toMatchObject({ outcome: "failure", reason: "GET /api/content/company" });

    const listed = await call("/admin/security/blocklist", undefined, admin.auth);
    expect(listed.body.data.blocks.map((entry: { address: string }) => entry.address)).toEqual([
      "2001:db8::/32",
      "198.51.100.0/24",
      "203.0.113.7",
    ]);
    const removed = await call(`/admin/security/blocklist/${single.body.data.id}`, undefined, admin.auth, "DELETE");
    expect(removed.status).toBe(200);
    expect((await call("/content/company", undefined, from("203.0.113.7"))).status).toBe(200);
  });

  it("stops refusing at the block's expiry", async () => {
    const admin = await people.admin();
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    expect((await call("/admin/security/blocklist", { address: "192.0.2.9", reason: "Cooling off", expiresAt }, admin.auth)).status).toBe(
      201,
    );
    expect((await call("/content/company", undefined, from("192.0.2.9"))).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect((await call("/content/company", undefined, from("192.0.2.9"))).status).toBe(200);
  });

  it("refuses bad input, the admin's own address, others than admins, and unknown ids", async () => {
    const admin = await people.admin();
    const client = await people.client("client@example.com");
    const post = (body: unknown, auth = admin.auth) => call("/admin/security/blocklist", body, auth);
    for (const address of ["not an address", "203.0.113.1/33", "10.0.0.0/8/8", ""]) {
      const refused = await post({ address, reason: "x" });
      expect(refused.status).toBe(400);
      expect(refused.body.fields.address).toBe(securityMessages.invalidAddress);
    }
    expect((await post({ address: "192.0.2.1", reason: "" })).body.fields.reason).toBe("Reason is required.");
    expect((await post({ address: "192.0.2.1", reason: "x", expiresAt: "2020-01-01T00:00:00Z" })).body.fields.expiresAt).toBe(
      securityMessages.expiryInPast,
    );
    // The tests' requests come from 127.0.0.1: blocking it (or a range holding it) would lock the admin out.
    for (const address of ["127.0.0.1", "127.0.0.0/8", "0.0.0.0/0"]) {
      const own = await post({ address, reason: "oops" });
      expect(own.status).toBe(409);
      expect(own.body.message).toBe(securityMessages.ownAddress);
    }
    expect((await post({ address: "192.0.2.1", reason: "x", alertId: 424242 })).status).toBe(404);
    expect((await post({ address: "192.0.2.1", reason: "x" }, client.auth)).status).toBe(403);
    expect((await call("/admin/security/blocklist", undefined, client.auth)).status).toBe(403);
    expect((await call("/admin/security/blocklist/424242", undefined, admin.auth, "DELETE")).status).toBe(404);
  });
});

describe("the access log", () => {
  it("is filtered and paged on the server: by address, type, outcome, user and time", async () => {
    const admin = await people.admin();
    await people.client("ada@example.com");
    for (const address of ["192.0.2.31", "192.0.2.31", "192.0.2.32"]) {
      await call("/auth/verify-credentials", { email: "ada@example.com", password: "wrong-password-1" }, from(address));
    }
    const list = async (query: string) => {
      const answer = await call(`/admin/security/events?${query}`, undefined, admin.auth);
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const byAddress = await list("address=192.0.2.31");
    expect(byAddress).toMatchObject({ total: 2, page: 1, pageSize: 25, pageCount: 1 });
    expect(byAddress.items.every((event: { ipAddress: string }) => event.ipAddress === "192.0.2.31")).toBe(true);
    expect((await list("address=192.0.2.0/24")).total).toBe(3);
    expect((await list("user=ada@&type=sign_in&outcome=failure")).total).toBe(3);
    expect((await list("user=ada@&type=sign_in&outcome=success")).total).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await list(`to=${encodeURIComponent(future)}&address=192.0.2.32`)).total).toBe(1);
    const all = await list("");
    expect(all.items[0].id).toBeGreaterThan(all.items[1].id);

    for (const bad of ["type=nothing", "outcome=maybe", "from=yesterday", "page=0"]) {
      expect((await call(`/admin/security/events?${bad}`, undefined, admin.auth)).status).toBe(400);
    }
    const client = await people.client("nosy@example.com");
    expect((await call("/admin/security/events", undefined, client.auth)).status).toBe(403);
    expect((await call("/admin/security/events.csv", undefined, client.auth)).status).toBe(403);
  });

  it("streams the CSV export of 10,000 events in batches, with the same filters, and defuses spreadsheet formulas", async () => {
    const admin = await people.admin();
    const { db } = await testDatabase();
    await db.execute(
      sql`insert into security_events (type, outcome, reason, email, ip_address, user_agent)
          select 'sign_in', 'failure', 'wrong_password', 'bulk' || n || '@example.com', '192.0.2.200', '=HYPERLINK("https://evil.example")'
          from generate_series(1, 10000) as n`,
    );
    const response = await fetch(server().url("/api/admin/security/events.csv?address=192.0.2.200"), { headers: admin.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="security-events-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Streamed: no length known in advance, sent in chunks as the batches are read.
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const reader = response.body?.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,time,type,outcome,reason,user_id,email,address,user_agent");
    expect(lines).toHaveLength(10_001);
    expect(chunks).toBeGreaterThanOrEqual(10_000 / CSV_BATCH_SIZE);
    expect(lines[1]).toMatch(
      /^\d+,[^,]+,sign_in,failure,wrong_password,,bulk10000@example\.com,192\.0\.2\.200,"'=HYPERLINK\(""https:\/\/evil\.example""\)"$/,
    );
  });
});

describe("the person's own security page", () => {
  it("lists their own recent activity, not others'", async () => {
    const ada = await people.client("ada@example.com");
    await people.client("bola@example.com");
    await call("/auth/verify-credentials", { email: "ada@example.com", password: "wrong-password-1" }, from("192.0.2.41"));
    const answer = await call("/account/security-activity", undefined, ada.auth);
    expect(answer.status).toBe(200);
    const events = answer.body.data.events as { type: string; outcome: string; email: string | null; ipAddress: string }[];
    expect(events[0]).toMatchObject({ type: "sign_in", outcome: "failure", ipAddress: "192.0.2.41" });
    expect(events.some((event) => event.type === "sign_in" && event.outcome === "success")).toBe(true);
    expect(events.every((event) => event.email !== "bola@example.com")).toBe(true);
    expect((await call("/account/security-activity")).status).toBe(401);
  });

  it("signs every other device out at once", async () => {
    const ada = await people.client("ada@example.com");
    const other = await call(
      "/auth/login",
      { email: "ada@example.com", password: "harmattan-2026" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX },
    );
    expect(other.status).toBe(200);
    const signedOut = await call("/auth/sessions/sign-out-others", {}, ada.auth);
    expect(signedOut.status).toBe(200);
    expect((await call("/auth/refresh", { refreshToken: other.body.data.refreshToken })).status).toBe(401);
    const devices = await call("/auth/sessions", undefined, ada.auth);
    expect(devices.body.data.sessions).toHaveLength(1);
    expect(devices.body.data.sessions[0].current).toBe(true);
  });

  it("emails a sign-in from a new device, whose 'this wasn't me' link ends every session and starts a password reset", async () => {
    const ama = await people.client("ama@example.com");
    const intruder = await call(
      "/auth/login",
      { email: "ama@example.com", password: "harmattan-2026" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX, ...from("192.0.2.66") },
    );
    expect(intruder.status).toBe(200);
    const notice = mailText(await mail().latestTo("ama@example.com", "New sign-in"));
    expect(notice).toContain("Firefox on Linux");
    expect(notice).toContain("192.0.2.66");
    const link = /\/security\/not-me#user=([0-9a-f-]+)&token=([\w-]+)/.exec(notice);
    expect(link).not.toBeNull();
    const [, userId = "", token = ""] = link ?? [];

    const used = await call("/auth/not-me", { userId, token });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ data: { email: "ama@example.com" }, message: securityMessages.notMeDone });
    expect((await call("/auth/refresh", { refreshToken: intruder.body.data.refreshToken })).status).toBe(401);
    expect((await call("/auth/refresh", { refreshToken: ama.refreshToken })).status).toBe(401);
    expect(codeIn(await mail().latestTo("ama@example.com", "password reset code"))).toMatch(/^\d{6}$/);
    // Once only.
    const again = await call("/auth/not-me", { userId, token });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(securityMessages.notMeInvalid);
  });

  it("emails every password and two-step change to the owner", async () => {
    const ify = await people.client("ify@example.com");
    const changed = await call("/auth/change-password", { currentPassword: "harmattan-2026", newPassword: "savannah-2027" }, ify.auth);
    expect(changed.status).toBe(200);
    const notice = await mail().latestTo("ify@example.com", "Your Crestbuild password was changed");
    expect(mailText(notice)).toContain("/security/not-me#user=");
    const enrolled = await call("/auth/mfa/enroll", { password: "savannah-2027" }, ify.auth);
    expect(enrolled.status).toBe(200);
    const verified = await call("/auth/mfa/verify", { code: await generate({ secret: enrolled.body.data.secret }) }, ify.auth);
    expect(verified.status).toBe(200);
    expect(mailText(await mail().latestTo("ify@example.com", "Two-step sign-in was turned on"))).toContain("/security/not-me#user=");
  });
});
