import { z } from "zod";
import { inquiryStatuses } from "../inquiries.js";
import { count, countedPageOf, instant } from "./common.js";

const inquiryStatus = z.enum(inquiryStatuses);

/** A contact inquiry in the office's inbox, with who handles it and the project it became. */
export const inquiryItem = z.object({
  id: count,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: inquiryStatus,
  assignedTo: z.object({ id: z.string(), name: z.string(), department: z.string() }).nullable(),
  replyNote: z.string(),
  handledAt: instant.nullable(),
  /** The project this inquiry became (a conversion). */
  project: z.object({ id: count, reference: z.string(), title: z.string() }).nullable(),
  createdAt: instant,
});
export type InquiryItem = z.output<typeof inquiryItem>;

/** How many inquiries each status holds. */
export const inquiryCounts = z.record(inquiryStatus, count);
export type InquiryCounts = z.output<typeof inquiryCounts>;

/** A page of the inbox, with the count of each status under the same search and assignee filters. */
export const inquiryPage = countedPageOf(inquiryItem, inquiryStatuses);
export type InquiryPage = z.output<typeof inquiryPage>;

/** GET /api/inquiries/stats. */
export const inquiryStats = z.object({
  byStatus: inquiryCounts,
  total: count,
  /** Received since the first of this month (Abuja time). */
  newThisMonth: count,
  /** Inquiries linked to the project they became. */
  converted: count,
  /** converted / total, 0 to 1 (0 when there are none). */
  conversionRate: z.number(),
});
export type InquiryStats = z.output<typeof inquiryStats>;
