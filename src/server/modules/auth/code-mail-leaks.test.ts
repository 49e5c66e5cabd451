import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema.js";
import { ERASED_CODE_BODY } from "../../platform/mail.js";
import { person } from "../../testing/accounts.js";
import { codeIn } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer, testDatabase } from "../../testing/test-app.js";

const { call, mail, registerVerified } = setUpTestServer();

describe("one-time codes never leak", () => {
  it("keeps codes out of subjects, and erases a code's body from the outbox once delivered", async () => {
    await call("/auth/register", person("subject@example.com"));
    const delivered = await mail().latestTo("subject@example.com");
    const code = codeIn(delivered);
    expect(code).toMatch(/^\d{6}$/);
    expect(delivered.subject).not.toContain(code);
    const [kept] = await (await testDatabase()).db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "subject@example.com"));
    expect(kept?.subject).not.toContain(code);
    expect(kept?.textBody).toBe(ERASED_CODE_BODY);
    expect(kept?.htmlBody).not.toContain(code);
  });

  it("without SMTP_URL keeps the mail in the outbox and logs neither the code nor the subject at info", async () => {
    const lines: string[] = [];
    const server = await startTestServer({ LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const answer = await fetch(server.url("/api/auth/register"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(person("nosmtp@example.com")),
      });
      expect(answer.status).toBe(201);
      const [kept] = await (await testDatabase()).db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "nosmtp@example.com"));
      const code = / is (\d{6})\b/.exec(kept?.textBody ?? "")?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const log = lines.join("\n");
      expect(log).toContain("nosmtp@example.com");
      expect(log).not.toContain(code);
      expect(log).not.toContain(kept?.subject ?? "");
    } finally {
      await server.close();
    }
  });

  it("logs a failed delivery by kind and recipient only", async () => {
    const lines: string[] = [];
    // Nothing listens on port 9: delivery fails.
    const server = await startTestServer(
      { LOG_LEVEL: "info", SMTP_URL: "smtp://127.0.0.1:9" },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      await fetch(server.url("/api/auth/register"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(person("failed@example.com")),
      });
      const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === "email delivery failed");
      expect(failure).toMatchObject({ kind: "verification_code", to: "failed@example.com" });
      expect(JSON.stringify(failure)).not.toMatch(/subject|code is/i);
    } finally {
      await server.close();
    }
  });
});

describe("forgot-password and resend-verification answer before any mail work", () => {
  it.each([
    ["forgot-password", "/auth/forgot-password"],
    ["resend-verification", "/auth/resend-verification"],
  ])("%s answers while the mail server is still holding the mail, with or without an account", async (_name, path) => {
    await registerVerified("known@example.com");
    if (path === "/auth/resend-verification") await call("/auth/register", person("unconfirmed@example.com"));
    const known = path === "/auth/forgot-password" ? "known@example.com" : "unconfirmed@example.com";
    const before = mail().mails.length;
    const release = mail().holdDeliveries();
    try {
      const timeout = new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), 5000));
      const forKnown = await Promise.race([call(path, { email: known }), timeout]);
      const forUnknown = await Promise.race([call(path, { email: "nobody@example.com" }), timeout]);
      expect(forKnown).not.toBe("stuck");
      expect(forUnknown).not.toBe("stuck");
      if (forKnown === "stuck" || forUnknown === "stuck") return;
      expect(forKnown.body).toEqual(forUnknown.body);
    } finally {
      release();
    }
    // The mail is sent after the answer: one, to the account's address only.
    await expect.poll(() => mail().mails.length, { timeout: 5000 }).toBe(before + 1);
    expect(mail().mails.at(-1)?.to).toEqual([known]);
  });
});
