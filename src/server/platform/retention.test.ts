import { describe, expect, it } from "vitest";
import { mailOutbox, notMeLinks, oneTimeCodes, securityEvents, signInAttempts } from "../db/schema.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { testDatabase } from "../testing/test-app.js";
import { ERASED_MAIL_BODY, purgeExpired, RETENTION } from "./retention.js";

const { registerVerified } = setUpTestServer();

const db = async () => (await testDatabase()).db;
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("the retention purge", () => {
  it("deletes what is past its retention, erases old mail bodies, keeps the rest, and does nothing more a second time", async () => {
    const userId = await registerVerified("kept@example.com");
    const database = await db();
    await database.delete(securityEvents);
    await database.delete(oneTimeCodes);
    await database.delete(mailOutbox);
    const event = (reason: string, createdAt: Date) => ({ type: "sign_in", outcome: "failure" as const, reason, createdAt });
    await database
      .insert(securityEvents)
      .values([event("too old", ago(RETENTION.securityEventsDays + 1)), event("kept", ago(RETENTION.securityEventsDays - 1))]);
    await database.insert(signInAttempts).values([
      { key: "pair:over@example.com|192.0.2.1", attempts: 5, windowStartedAt: minutesAgo(16) },
      { key: "pair:current@example.com|192.0.2.1", attempts: 5, windowStartedAt: minutesAgo(14) },
    ]);
    const code = (purpose: string, expiresAt: Date) => ({ userId, purpose, codeHash: purpose, expiresAt });
    await database
      .insert(oneTimeCodes)
      .values([code("expired two days ago", ago(2)), code("expired an hour ago", minutesAgo(60)), code("valid", ago(-1))]);
    const link = (tokenHash: string, expiresAt: Date) => ({ userId, tokenHash, eventAt: ago(8), expiresAt });
    await database.insert(notMeLinks).values([link("expired two days ago", ago(2)), link("valid", ago(-6))]);
    const mail = (subject: string, createdAt: Date) => ({
      toAddress: "kept@example.com",
      subject,
      textBody: `${subject} text`,
      htmlBody: `<p>${subject}</p>`,
      transport: "log",
      createdAt,
    });
    await database
      .insert(mailOutbox)
      .values([
        mail("too old", ago(RETENTION.mailDays + 1)),
        mail("body too old", ago(RETENTION.mailBodyDays + 1)),
        mail("recent", ago(RETENTION.mailBodyDays - 1)),
      ]);

    await purgeExpired(database);

    expect((await database.select().from(securityEvents)).map((row) => row.reason)).toEqual(["kept"]);
    expect((await database.select().from(signInAttempts)).map((row) => row.key)).toEqual(["pair:current@example.com|192.0.2.1"]);
    expect((await database.select().from(oneTimeCodes)).map((row) => row.purpose).sort()).toEqual(["expired an hour ago", "valid"]);
    expect((await database.select().from(notMeLinks)).map((row) => row.tokenHash)).toEqual(["valid"]);
    const mails = await database.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.map((row) => [row.subject, row.textBody, row.htmlBody])).toEqual([
      ["body too old", ERASED_MAIL_BODY, ERASED_MAIL_BODY],
      ["recent", "recent text", "<p>recent</p>"],
    ]);

    expect(await purgeExpired(database)).toEqual({
      securityEvents: 0,
      signInAttempts: 0,
      oneTimeCodes: 0,
      notMeLinks: 0,
      mails: 0,
      mailBodies: 0,
      idempotencyKeys: 0,
    });
  });
});
