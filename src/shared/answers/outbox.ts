import { z } from "zod";
import { count, instant, pageOf } from "./common.js";

/** One email as the outbox keeps it (admins read it at /admin when no SMTP server delivers mail). */
export const outboxMail = z.object({
  id: count,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  transport: z.string(),
  sentAt: instant.nullable(),
  error: z.string().nullable(),
  createdAt: instant,
});
export type OutboxMail = z.output<typeof outboxMail>;

/** GET /api/admin/outbox: a page of the emails, newest first. */
export const outboxPage = pageOf(outboxMail);
