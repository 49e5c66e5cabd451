import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppDb } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/**
 * Sends through SMTP when a URL is configured; otherwise prints the mail to the log (the
 * embedded mode). Either way the mail is kept in the outbox table with its outcome, and a
 * failed delivery is logged rather than failing the request that caused it.
 */
export function createMailer(options: { db: AppDb; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const transport = transporter ? "smtp" : "log";
  return {
    async send(mail) {
      let sentAt: Date | null = null;
      let error: string | null = null;
      try {
        if (transporter) {
          await transporter.sendMail({ from: options.from, ...mail });
        } else {
          options.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "email (not sent: no SMTP_URL)");
        }
        sentAt = new Date();
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
        options.log.error({ err: cause, to: mail.to, subject: mail.subject }, "email delivery failed");
      }
      await options.db.insert(mailOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        transport,
        sentAt,
        error,
      });
    },
  };
}

/** Escapes text for an HTML email body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
