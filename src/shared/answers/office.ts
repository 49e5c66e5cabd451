import { z } from "zod";
import { securityOutcomes } from "../security-events.js";
import { count, instant } from "./common.js";

/** An entry of the access log as the overview shows it (no secret is ever logged). */
export const securityEventItem = z.object({
  id: count,
  type: z.string(),
  outcome: z.enum(securityOutcomes),
  reason: z.string().nullable(),
  email: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instant,
});
export type SecurityEventItem = z.output<typeof securityEventItem>;

/** GET /api/office/overview: the Admin department's view of the whole office. */
export const officeOverview = z.object({
  /** Every account by role, blocked ones included (counted again in `blocked`). */
  usersByRole: z.object({ admin: count, staff: count, user: count }),
  blocked: count,
  /** Staff accounts waiting for an admin's approval. */
  pendingApprovals: count,
  /** Contact inquiries not yet handled (new and assigned). */
  openInquiries: count,
  /** Projects planned, in progress or on hold. */
  activeProjects: count,
  /** Clients' project requests waiting to be taken on. */
  requestsWaiting: count,
  messagesLast7Days: count,
  signInFailuresLast24h: count,
  /** The 10 newest events of the access log; null for callers other than admins (canSeeSecurityEvents). */
  recentSecurityEvents: z.array(securityEventItem).nullable(),
});
export type OfficeOverview = z.output<typeof officeOverview>;
