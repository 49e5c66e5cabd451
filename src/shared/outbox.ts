import { z } from "zod";

/** One email as the outbox keeps it (admins read it at /admin when no SMTP server delivers mail). */
export type OutboxMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: string;
  sentAt: string | null;
  error: string | null;
  createdAt: string;
};

export const OUTBOX_PAGE_SIZE = 20;

export const outboxQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number" }).int().min(1).max(10_000).default(1),
});
