import { z } from "zod";

export type { OutboxMail } from "./answers/outbox.js";

export const OUTBOX_PAGE_SIZE = 20;

export const outboxQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a whole number" }).int().min(1).max(10_000).default(1),
});
