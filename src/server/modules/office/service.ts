import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { OfficeOverview, SecurityEventItem } from "../../../shared/office.js";
import type { ProjectStatus } from "../../../shared/project-terms.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries, messages, projects, securityEvents, users } from "../../db/schema.js";
import { awaitingApproval } from "../../db/staff-accounts.js";

const HOUR = 3_600_000;
const ACTIVE_PROJECT_STATUSES: ProjectStatus[] = ["planning", "in_progress", "on_hold"];
const RECENT_EVENTS = 10;

/** The office overview of the Admin department: figures counted in SQL from the portal's tables. */
export function createOfficeService(db: AppDb) {
  const countOf = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;

  return {
    /** withSecurityEvents: the caller may see the access log (other people's emails and addresses). */
    async overview(withSecurityEvents: boolean): Promise<OfficeOverview> {
      const [roles, pendingApprovals, openInquiries, projectCounts, messagesLast7Days, signInFailuresLast24h, events] = await Promise.all([
        db
          .select({
            admin: sql<number>`count(*) filter (where ${users.role} = 'admin')::int`,
            staff: sql<number>`count(*) filter (where ${users.role} = 'staff')::int`,
            user: sql<number>`count(*) filter (where ${users.role} = 'user')::int`,
            blocked: sql<number>`count(*) filter (where not ${users.active})::int`,
          })
          .from(users),
        countOf(db.select({ total: count() }).from(users).where(awaitingApproval)),
        countOf(
          db
            .select({ total: count() })
            .from(contactInquiries)
            .where(inArray(contactInquiries.status, ["new", "assigned"])),
        ),
        db
          .select({
            active: sql<number>`count(*) filter (where ${inArray(projects.status, ACTIVE_PROJECT_STATUSES)})::int`,
            requested: sql<number>`count(*) filter (where ${projects.status} = 'requested')::int`,
          })
          .from(projects),
        countOf(
          db
            .select({ total: count() })
            .from(messages)
            .where(gt(messages.createdAt, new Date(Date.now() - 7 * 24 * HOUR))),
        ),
        countOf(
          db
            .select({ total: count() })
            .from(securityEvents)
            .where(
              and(
                eq(securityEvents.type, "sign_in"),
                eq(securityEvents.outcome, "failure"),
                gt(securityEvents.createdAt, new Date(Date.now() - 24 * HOUR)),
              ),
            ),
        ),
        withSecurityEvents ? db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(RECENT_EVENTS) : null,
      ]);
      const [byRole] = roles;
      const [projectTotals] = projectCounts;
      return {
        usersByRole: { admin: byRole?.admin ?? 0, staff: byRole?.staff ?? 0, user: byRole?.user ?? 0 },
        blocked: byRole?.blocked ?? 0,
        pendingApprovals,
        openInquiries,
        activeProjects: projectTotals?.active ?? 0,
        requestsWaiting: projectTotals?.requested ?? 0,
        messagesLast7Days,
        signInFailuresLast24h,
        recentSecurityEvents:
          events?.map(
            (event): SecurityEventItem => ({
              id: event.id,
              type: event.type,
              outcome: event.outcome,
              reason: event.reason,
              email: event.email,
              ipAddress: event.ipAddress,
              userAgent: event.userAgent,
              createdAt: event.createdAt.toISOString(),
            }),
          ) ?? null,
      };
    },
  };
}

export type OfficeService = ReturnType<typeof createOfficeService>;
