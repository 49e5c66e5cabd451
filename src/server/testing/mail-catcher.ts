import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string[]; subject: string; raw: string };

/**
 * A real SMTP server on a loopback port (any free one unless given) that keeps what it receives, for tests
 * that read emails; `onMail` also hands each mail on (the browser journeys write them to files).
 */
export async function startMailCatcher(options: { port?: number; onMail?: (mail: CaughtMail) => void } = {}) {
  const mails: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  // While held, mails are received but not acknowledged: the sender's delivery stays under way.
  let held: Promise<void> | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        const mail = { to: session.envelope.rcptTo.map((address) => address.address), subject, raw };
        mails.push(mail);
        options.onMail?.(mail);
        for (const wake of waiting.splice(0)) wake();
        void (held ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to this address (whose subject has these words, when given), waiting briefly for it to arrive. */
    async latestTo(address: string, subjectIncludes = ""): Promise<CaughtMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mails.filter((mail) => mail.to.includes(address) && mail.subject.includes(subjectIncludes)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Holds every delivery until the returned function is called (a slow mail server). */
    holdDeliveries(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The six-digit code in a mail's text ("… code is 123456."; never in the subject). */
export const codeIn = (mail: CaughtMail) => / is (\d{6})\b/.exec(mail.raw)?.[1] ?? "";

/** A mail's text as written: quoted-printable soft line breaks and escapes undone (links are whole again). */
export const mailText = (mail: CaughtMail) =>
  mail.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
