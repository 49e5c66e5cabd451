import { z } from "zod";
import { pageNumber } from "./fields.js";

export type { InquiryCounts, InquiryItem, InquiryPage, InquiryStats } from "./answers/inquiries.js";

/** The life of a contact inquiry in the office's inbox. */
export const inquiryStatuses = ["new", "assigned", "handled"] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

export const inquiryStatusLabels: Record<InquiryStatus, string> = {
  new: "New",
  assigned: "Assigned",
  handled: "Handled",
};

export const INQUIRY_PAGE_SIZE = 20;

export const inquiryMessages = {
  notFound: "Inquiry not found.",
  assigneeNotAllowed: "Choose a member of the Secretariat, Executive Assistant or Business Administration, or an administrator.",
  assigneeMissing: "Choose who handles this inquiry.",
  projectNotFound: "That project does not exist.",
} as const;

/** GET /api/inquiries: assignee is a user id, "me" or "none" (not assigned). */
export const inquiryListQuerySchema = z.object({
  status: z.enum(inquiryStatuses, { error: "Unknown status." }).optional(),
  assignee: z.union([z.literal("me"), z.literal("none"), z.uuid("Unknown assignee.")], { error: "Unknown assignee." }).optional(),
  search: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  page: pageNumber.default(1),
});
export type InquiryListQuery = z.input<typeof inquiryListQuerySchema>;

/** PUT /api/inquiries/:id: every field optional; null clears the assignee or the project. */
export const inquiryUpdateSchema = z.object({
  status: z.enum(inquiryStatuses, { error: "Unknown status." }).optional(),
  assignedToId: z.uuid(inquiryMessages.assigneeNotAllowed).nullable().optional(),
  replyNote: z.string().trim().max(5000, "The note must be at most 5,000 characters.").optional(),
  projectId: z.number({ error: inquiryMessages.projectNotFound }).int().positive().nullable().optional(),
});
export type InquiryUpdate = z.input<typeof inquiryUpdateSchema>;
