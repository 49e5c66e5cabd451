import { and, lt, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppDb } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";
import { type EmailBrand, type EmailContent, layoutEmail } from "./email-layout.js";

export { escapeHtml } from "./email-layout.js";

/** An email to send: what it says, laid out by the one layout (email-layout.ts) into its HTML and plain-text parts. */
export type OutgoingMail = {
  to: string;
  subject: string;
  content: EmailContent;
  /** Where a reply goes, when not to the sender (an inquiry's visitor). */
  replyTo?: string;
  /** What kind of mail it is, for the log (which never shows a mail's subject or body outside development). */
  kind?: string;
  /** For a mail carrying a one-time code: when the code dies. Its body is erased once delivered or past this. */
  codeExpiresAt?: Date;
};

export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/** How the mail goes out, for the admin's health check: printed to the log, or SMTP (verified by connecting). */
export type MailTransportCheck = { transport: "log" | "smtp"; verify(): Promise<void> };

/** What a code's mail keeps in the outbox once the code was delivered or has expired. */
export const ERASED_CODE_BODY = "(This email carried a one-time code; its text was removed once delivered or expired.)";

/**
 * Sends through SMTP when a URL is configured; otherwise the mail stays in the outbox table, where admins read it
 * (/admin, Outbox), and the whole mail is printed to the log only in development. The log names a mail by its kind
 * and recipient: a one-time code never reaches it. A failed delivery is logged rather than failing the request.
 */
export function createMailer(options: {
  db: AppDb;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  printMail: boolean;
  /** The public site's origin (links, the logo) and the company as the public site shows it (the footer's address). */
  origin: string;
  company: () => Promise<EmailBrand["company"]>;
}): Mailer & MailTransportCheck {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const transport = transporter ? "smtp" : "log";

  /** Codes past their time leave no readable trace in the outbox. */
  const eraseExpiredCodes = () =>
    options.db
      .update(mailOutbox)
      .set({ textBody: ERASED_CODE_BODY, htmlBody: ERASED_CODE_BODY })
      .where(and(lt(mailOutbox.codeExpiresAt, new Date()), ne(mailOutbox.textBody, ERASED_CODE_BODY)));

  return {
    transport,
    async verify() {
      // nodemailer's verify() connects and authenticates without sending anything.
      if (transporter) await transporter.verify();
    },
    async send(outgoing) {
      const kind = outgoing.kind ?? "email";
      // The footer's address: an email still goes out, without it, when the company's details cannot be read.
      const company = await options.company().catch(() => null);
      const mail = { ...outgoing, ...layoutEmail(outgoing.subject, outgoing.content, { origin: options.origin, company }) };
      let sentAt: Date | null = null;
      let error: string | null = null;
      try {
        if (transporter) {
          await transporter.sendMail({
            from: options.from,
            to: mail.to,
            replyTo: mail.replyTo,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments,
          });
          sentAt = new Date();
        } else if (options.printMail) {
          options.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "email (not sent: no SMTP_URL)");
        } else {
          options.log.info({ kind, to: mail.to }, "email kept in the outbox (no SMTP_URL): admins read it at /admin");
        }
      } catch (cause) {
        error = cause instanceof Error ? cause.name : "Error";
        options.log.error({ kind, to: mail.to }, "email delivery failed");
      }
      const erase = mail.codeExpiresAt !== undefined && sentAt !== null;
      await options.db.insert(mailOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: erase ? ERASED_CODE_BODY : mail.text,
        htmlBody: erase ? ERASED_CODE_BODY : mail.html,
        transport,
        sentAt,
        error,
        codeExpiresAt: mail.codeExpiresAt ?? null,
      });
      await eraseExpiredCodes();
    },
  };
}
