import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CaughtMail, codeIn, startMailCatcher } from "../src/server/testing/mail-catcher";

/** The site under test sends its email here (see playwright.config.ts); each mail becomes a file the journeys read. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const MAIL_DIR = path.resolve(".e2e-mail");

/** Playwright global setup: the tests' SMTP catcher on a known port for the whole run, its mails shared as files. */
export default async function startMailServer() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const catcher = await startMailCatcher({
    port: E2E_SMTP_PORT,
    onMail: (mail) => writeFileSync(path.join(MAIL_DIR, `${String(++count).padStart(5, "0")}.json`), JSON.stringify(mail)),
  });
  return catcher.close;
}

/** The six-digit code of the newest mail to this address, waiting up to 10 s for it. */
export async function codeFromLatestMail(address: string, subjectIncludes: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = readdirSync(MAIL_DIR)
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), "utf8")) as CaughtMail);
    const mail = mails.find((candidate) => candidate.to.includes(address) && candidate.raw.includes(subjectIncludes));
    const code = mail && codeIn(mail);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subjectIncludes}" to ${address}`);
}
