import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** The site under test sends its email here (see playwright.config.ts); each mail becomes a file the journeys read. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const MAIL_DIR = path.resolve(".e2e-mail");

/** Playwright global setup: a real SMTP server on loopback for the whole run. */
export default async function startMailServer() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((address) => address.address).join(",");
        writeFileSync(
          path.join(MAIL_DIR, `${String(++count).padStart(5, "0")}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The six-digit code of the newest mail to this address, waiting up to 10 s for it. */
export async function codeFromLatestMail(address: string, subjectIncludes: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = readdirSync(MAIL_DIR)
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), "utf8")) as { to: string; raw: string });
    const mail = mails.find((candidate) => candidate.to.split(",").includes(address) && candidate.raw.includes(subjectIncludes));
    const code = mail && /^Subject: .*?\b(\d{6})\b/m.exec(mail.raw)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subjectIncludes}" to ${address}`);
}
