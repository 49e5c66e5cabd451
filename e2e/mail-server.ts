import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
    // Written under another name, then renamed: a journey reading the folder never sees half a file.
    onMail: (mail) => {
      const name = path.join(MAIL_DIR, `${String(++count).padStart(5, "0")}.json`);
      writeFileSync(`${name}.part`, JSON.stringify(mail));
      renameSync(`${name}.part`, name);
    },
  });
  return catcher.close;
}

/** The newest mail so far to this address whose text has these words. */
function newestMail(address: string, subjectIncludes: string): CaughtMail | undefined {
  return readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(path.join(MAIL_DIR, name), "utf8")) as CaughtMail)
    .find((candidate) => candidate.to.includes(address) && candidate.raw.includes(subjectIncludes));
}

/** The newest mail to this address whose text has these words, waiting up to 10 s for it. */
export async function latestMail(address: string, subjectIncludes: string): Promise<CaughtMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = newestMail(address, subjectIncludes);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subjectIncludes}" to ${address}`);
}

/** The six-digit code of the newest mail to this address, waiting up to 10 s for it. */
export async function codeFromLatestMail(address: string, subjectIncludes: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = newestMail(address, subjectIncludes);
    const code = mail && codeIn(mail);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subjectIncludes}" to ${address}`);
}
