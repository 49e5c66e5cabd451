/** GET /api/office/overview: the Admin department's view of the whole office. */

/** An entry of the access log as the overview shows it (no secret is ever logged). */
export type SecurityEventItem = {
  id: number;
  type: string;
  outcome: "success" | "failure";
  reason: string | null;
  email: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type OfficeOverview = {
  /** Every account by role, blocked ones included (counted again in `blocked`). */
  usersByRole: { admin: number; staff: number; user: number };
  blocked: number;
  /** Staff accounts waiting for an admin's approval. */
  pendingApprovals: number;
  /** Contact inquiries not yet handled (new and assigned). */
  openInquiries: number;
  /** Projects planned, in progress or on hold. */
  activeProjects: number;
  /** Clients' project requests waiting to be taken on. */
  requestsWaiting: number;
  messagesLast7Days: number;
  signInFailuresLast24h: number;
  /** The 10 newest events of the access log; null for callers other than admins (canSeeSecurityEvents). */
  recentSecurityEvents: SecurityEventItem[] | null;
};
