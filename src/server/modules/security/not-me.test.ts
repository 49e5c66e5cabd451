import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { securityMessages } from "../../../shared/security.js";
import { tooManyRequests } from "../../../shared/wording.js";
import { notMeLinks, passkeys, securityEvents, userIdentities } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { type CaughtMail, codeIn, mailText } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { softwareAuthenticator } from "../../testing/software-authenticator.js";
import { testDatabase } from "../../testing/test-app.js";
import { NOT_ME_WRONG_TOKENS } from "./routes.js";

const ORIGIN = "https://www.crestbuild.test";
const RP_ID = "www.crestbuild.test";
// TRUST_PROXY=1: each request says where it comes from, so guesses can come from many addresses.
const { call, mail, people } = setUpTestServer({ TRUST_PROXY: "1", PUBLIC_ORIGIN: ORIGIN });

const from = (address: string) => ({ "x-forwarded-for": address });
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
const db = async () => (await testDatabase()).db;

function linkIn(notice: CaughtMail): { userId: string; token: string } {
  const [, userId = "", token = ""] = /\/security\/not-me#user=([0-9a-f-]+)&token=([\w-]+)/.exec(mailText(notice)) ?? [];
  return { userId, token };
}

/** Signs in as someone else would, from a new device: the owner is emailed a notice with its link. */
async function signInFromNewDevice(email: string) {
  const answer = await call(
    "/auth/login",
    { email, password: TEST_PASSWORD },
    { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX, ...from("192.0.2.66") },
  );
  expect(answer.status).toBe(200);
  return { auth: { authorization: `Bearer ${answer.body.data.accessToken}` }, refreshToken: answer.body.data.refreshToken as string };
}

async function addPasskey(auth: Record<string, string>, name: string) {
  const authenticator = softwareAuthenticator();
  // The password too: adding a way in asks for it again.
  const options = (await call("/auth/passkeys/register/options", { password: TEST_PASSWORD }, auth)).body.data;
  const added = await call(
    "/auth/passkeys",
    { name, password: TEST_PASSWORD, response: authenticator.register(options, ORIGIN, RP_ID) },
    auth,
  );
  expect(added.status).toBe(201);
  return authenticator.id;
}

const names = async (userId: string) => ({
  passkeys: (await (await db()).select().from(passkeys).where(eq(passkeys.userId, userId))).map((key) => key.name).sort(),
  providers: (await (await db()).select().from(userIdentities).where(eq(userIdentities.userId, userId)))
    .map((link) => link.provider)
    .sort(),
});

describe("'this wasn't me' links", () => {
  it("gives each notice its own link: two notices, two links, each works once, and a second use is refused", async () => {
    const ama = await people.client("ama@example.com");
    expect((await call("/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "savannah-2027" }, ama.auth)).status).toBe(
      200,
    );
    const first = linkIn(await mail().latestTo("ama@example.com", "password was changed"));
    const intruder = await call(
      "/auth/login",
      { email: "ama@example.com", password: "savannah-2027" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX, ...from("192.0.2.66") },
    );
    expect(intruder.status).toBe(200);
    const second = linkIn(await mail().latestTo("ama@example.com", "New sign-in"));
    expect(second.userId).toBe(ama.id);
    expect(second.token).not.toBe(first.token);
    // 256 bits, base64url.
    expect(second.token).toMatch(/^[\w-]{43}$/);

    // The later notice did not replace the earlier link: both work, once each.
    const usedFirst = await call("/auth/not-me", first);
    expect(usedFirst.status).toBe(200);
    expect(usedFirst.body).toMatchObject({ data: { email: "ama@example.com", emailRestored: false }, message: securityMessages.notMeDone });
    expect((await call("/auth/refresh", { refreshToken: intruder.body.data.refreshToken })).status).toBe(401);
    expect(codeIn(await mail().latestTo("ama@example.com", "password reset code"))).toMatch(/^\d{6}$/);
    expect((await call("/auth/not-me", second)).status).toBe(200);
    for (const link of [first, second]) {
      const again = await call("/auth/not-me", link);
      expect(again.status).toBe(410);
      expect(again.body.message).toBe(securityMessages.notMeInvalid);
    }
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await (await db()).select().from(notMeLinks).where(eq(notMeLinks.userId, ama.id));
    expect(stored).toHaveLength(2);
    expect(stored.every((link) => link.usedAt !== null && link.tokenHash !== first.token && link.tokenHash !== second.token)).toBe(true);
  });

  it("is used once by 30 presses at once", async () => {
    const ify = await people.client("ify@example.com");
    await signInFromNewDevice("ify@example.com");
    const link = linkIn(await mail().latestTo("ify@example.com", "New sign-in"));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => call("/auth/not-me", link, from(`198.51.100.${n + 1}`))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The others find no unused link: refused, like any wrong token (and, past the limit, as too many).
    expect(answers.filter((answer) => answer.status === 410 || answer.status === 429)).toHaveLength(29);
    const successes = await (await db())
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "not_me"), eq(securityEvents.outcome, "success"), eq(securityEvents.userId, ify.id)));
    expect(successes).toHaveLength(1);
  });

  it("limits wrong tokens per account id from any address, without wearing the owner's link out", async () => {
    const bola = await people.client("bola@example.com");
    await signInFromNewDevice("bola@example.com");
    const link = linkIn(await mail().latestTo("bola@example.com", "New sign-in"));
    const wrong = (n: number) => ({ userId: bola.id, token: `${"A".repeat(42)}${n % 10}` });

    // Thirty guesses at once, each from its own address (so no address limit applies): the account id's limit does.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => call("/auth/not-me", wrong(n), from(`203.0.113.${n + 1}`))));
    expect(answers.filter((answer) => answer.status === 410)).toHaveLength(NOT_ME_WRONG_TOKENS);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(30 - NOT_ME_WRONG_TOKENS);
    expect(refused[0]?.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(refused[0]?.body.message).not.toBe(tooManyRequests(0));
    const preview = await call("/auth/not-me/methods", wrong(1), from("203.0.113.200"));
    expect(preview.status).toBe(429);
    // Only the guesses within the limit are in the access log: a flood writes nothing more.
    const failures = await (await db())
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.type, "not_me"), eq(securityEvents.outcome, "failure"), eq(securityEvents.userId, bola.id)));
    expect(failures).toHaveLength(NOT_ME_WRONG_TOKENS);

    // The owner's link still works, at once.
    const used = await call("/auth/not-me", link, from("192.0.2.10"));
    expect(used.status).toBe(200);
    expect(used.body.data.email).toBe("bola@example.com");
    // Another account's id and malformed ids are refused the same way.
    expect((await call("/auth/not-me", { userId: "not-a-uuid", token: link.token }, from("192.0.2.11"))).status).toBe(410);
    const other = await people.client("other@example.com");
    expect((await call("/auth/not-me", { userId: other.id, token: link.token }, from("192.0.2.12"))).status).toBe(410);
  });
});

describe("'this wasn't me' removes the ways in added since the reported event", () => {
  it("shows the passkeys and providers, removes those added since the event and those chosen, and keeps the others", async () => {
    const chidi = await people.client("chidi@example.com");
    const database = await db();
    const longAgo = new Date(Date.now() - 24 * 60 * 60_000);
    const ownKey = await addPasskey(chidi.auth, "Chidi's phone");
    await database.update(passkeys).set({ createdAt: longAgo }).where(eq(passkeys.id, ownKey));
    await database.insert(userIdentities).values([
      { userId: chidi.id, provider: "google", subject: "chidi-google", email: "chidi@example.com", createdAt: longAgo },
      { userId: chidi.id, provider: "gitlab", subject: "chidi-gitlab", email: "chidi@example.com", createdAt: longAgo },
    ]);

    // Someone signs in from a new device, then adds their own passkey and provider link.
    const intruder = await signInFromNewDevice("chidi@example.com");
    const link = linkIn(await mail().latestTo("chidi@example.com", "New sign-in"));
    await addPasskey(intruder.auth, "Intruder's key");
    await database.insert(userIdentities).values({ userId: chidi.id, provider: "microsoft", subject: "intruder", email: "x@evil.test" });

    const preview = await call("/auth/not-me/methods", link);
    expect(preview.status).toBe(200);
    expect(preview.body.data.passkeys.map((key: { name: string }) => key.name)).toEqual(["Chidi's phone", "Intruder's key"]);
    expect(preview.body.data.providers.map((one: { provider: string }) => one.provider)).toEqual(["google", "gitlab", "microsoft"]);
    expect(new Date(preview.body.data.addedSince).getTime()).toBeGreaterThan(longAgo.getTime());
    expect(preview.body.data.restoresEmail).toBeNull();
    // Reading does not use the link.
    expect((await call("/auth/not-me/methods", link)).status).toBe(200);

    const used = await call("/auth/not-me", { ...link, removeProviders: ["gitlab"], removePasskeys: ["someone-else's-key"] });
    expect(used.status).toBe(200);
    expect(used.body.data.removed).toEqual({ passkeys: 1, providers: 2 });
    expect(await names(chidi.id)).toEqual({ passkeys: ["Chidi's phone"], providers: ["google"] });
    expect((await call("/auth/refresh", { refreshToken: intruder.refreshToken })).status).toBe(401);
    const removals = await database
      .select({ type: securityEvents.type, reason: securityEvents.reason })
      .from(securityEvents)
      .where(sql`${securityEvents.userId} = ${chidi.id} and ${securityEvents.type} in ('passkey_removed', 'identity_unlinked')`);
    expect(removals.map((event) => `${event.type} ${event.reason}`).sort()).toEqual([
      "identity_unlinked gitlab",
      "identity_unlinked microsoft",
      "passkey_removed Intruder's key",
    ]);
  });

  it("never removes another account's passkey named in the choice", async () => {
    const dayo = await people.client("dayo@example.com");
    const victim = await people.client("victim@example.com");
    const victimKey = await addPasskey(victim.auth, "Victim's key");
    await signInFromNewDevice("dayo@example.com");
    const link = linkIn(await mail().latestTo("dayo@example.com", "New sign-in"));
    expect((await call("/auth/not-me", { ...link, removePasskeys: [victimKey], removeProviders: ["google"] })).status).toBe(200);
    expect((await names(victim.id)).passkeys).toEqual(["Victim's key"]);
    expect(dayo.id).not.toBe(victim.id);
  });
});

describe("undoing an email change from the old address", () => {
  it("puts the old address back, ends every session and sends the reset code to the old address", async () => {
    const eze = await people.client("eze@example.com");
    const requested = await call("/auth/change-email", { newEmail: "thief@example.com", password: TEST_PASSWORD }, eze.auth);
    expect(requested.status).toBe(200);
    const code = codeIn(await mail().latestTo("thief@example.com", "email change code"));
    expect((await call("/auth/confirm-email-change", { code }, eze.auth)).status).toBe(200);

    const notice = await mail().latestTo("eze@example.com", "has changed");
    expect(mailText(notice)).toContain("the link below also makes eze@example.com the address of your account again");
    const link = linkIn(notice);
    const preview = await call("/auth/not-me/methods", link);
    expect(preview.body.data.restoresEmail).toBe("eze@example.com");

    const undone = await call("/auth/not-me", link);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ email: "eze@example.com", emailRestored: true });
    expect(undone.body.message).toBe(securityMessages.notMeEmailRestored("eze@example.com"));
    expect((await call("/auth/refresh", { refreshToken: eze.refreshToken })).status).toBe(401);
    const resetCode = codeIn(await mail().latestTo("eze@example.com", "password reset code"));
    expect(resetCode).toMatch(/^\d{6}$/);
    expect(mail().mails.filter((sent) => sent.to.includes("thief@example.com") && sent.subject.includes("reset"))).toHaveLength(0);

    // The old address signs in again (after the reset); the other address no longer does.
    expect(
      (
        await call("/auth/reset-password", {
          email: "eze@example.com",
          code: resetCode,
          newPassword: "savannah-2027",
          confirmPassword: "savannah-2027",
        })
      ).status,
    ).toBe(200);
    expect((await call("/auth/verify-credentials", { email: "eze@example.com", password: "savannah-2027" })).status).toBe(200);
    expect((await call("/auth/verify-credentials", { email: "thief@example.com", password: "savannah-2027" })).status).toBe(401);
  });
});

describe("a password reset's completion", () => {
  it("hands back a ticket that lists the passkeys and providers and removes the ones picked, for that account only", async () => {
    const femi = await people.client("femi@example.com");
    const other = await people.client("other@example.com");
    await addPasskey(femi.auth, "Femi's laptop");
    await addPasskey(femi.auth, "Unknown key");
    await (await db()).insert(userIdentities).values({ userId: femi.id, provider: "google", subject: "femi", email: "femi@example.com" });

    expect((await call("/auth/forgot-password", { email: "femi@example.com" })).status).toBe(200);
    const code = codeIn(await mail().latestTo("femi@example.com", "password reset code"));
    const reset = await call("/auth/reset-password", { email: "femi@example.com", code, newPassword: "savannah-2027" });
    expect(reset.status).toBe(200);
    const { userId, reviewTicket } = reset.body.data;
    expect(userId).toBe(femi.id);
    expect(reviewTicket).toMatch(/^[\w-]{43}$/);

    const listed = await call("/auth/sign-in-methods/review", { userId, ticket: reviewTicket });
    expect(listed.status).toBe(200);
    expect(listed.body.data.passkeys.map((key: { name: string }) => key.name)).toEqual(["Femi's laptop", "Unknown key"]);
    expect(listed.body.data.providers).toMatchObject([{ provider: "google", email: "femi@example.com" }]);
    const unknown = listed.body.data.passkeys[1].id as string;

    // A wrong ticket, or the ticket with another account's id, reads and removes nothing.
    const otherKey = await addPasskey(other.auth, "Other's key");
    for (const attempt of [
      { userId, ticket: "A".repeat(43) },
      { userId: other.id, ticket: reviewTicket },
      { userId: "not-a-uuid", ticket: reviewTicket },
    ]) {
      expect((await call("/auth/sign-in-methods/review", attempt)).status).toBe(410);
      expect((await call("/auth/sign-in-methods/remove", { ...attempt, removePasskeys: [otherKey, unknown] })).status).toBe(410);
    }

    const removed = await call("/auth/sign-in-methods/remove", {
      userId,
      ticket: reviewTicket,
      removePasskeys: [unknown, otherKey],
      removeProviders: ["google"],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ passkeys: [{ name: "Femi's laptop" }], providers: [] });
    expect(await names(femi.id)).toEqual({ passkeys: ["Femi's laptop"], providers: [] });
    expect((await names(other.id)).passkeys).toEqual(["Other's key"]);
  });
});
