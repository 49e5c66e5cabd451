import { and, gt, isNull, ne, sql } from "drizzle-orm";
import type { AdminDashboard } from "../../../shared/admin.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries, projects, securityEvents, sessions, users } from "../../db/schema.js";
import { SESSION_IDLE_MINUTES } from "../auth/index.js";
import { adminsWithoutTwoStep } from "./admins-without-two-step.js";

const HOUR = 3_600_000;

type Counted = { key: string; total: number };
const byKey = (rows: Counted[]) => Object.fromEntries(rows.map((row) => [row.key, row.total]));

/** GET /api/admin/dashboard: the company's accounts, sessions, projects, inquiries and sign-in trouble at a glance. */
export async function adminDashboard(db: AppDb): Promise<AdminDashboard> {
  const now = Date.now();
  const total = sql<number>`count(*)::int`;
  const status = sql<string>`case when not ${users.active} then 'blocked' when ${users.role} = 'staff' and ${users.approvedAt} is null then 'pending' else 'active' end`;
  const [byRole, byDepartment, byStatus, [signUps], [activeSessions], projectsByStatus, [openInquiries], trouble, withoutTwoStep] =
    await Promise.all([
      db.select({ key: users.role, total }).from(users).groupBy(users.role),
      db.select({ key: users.department, total }).from(users).groupBy(users.department),
      db.select({ key: status, total }).from(users).groupBy(status),
      db
        .select({ total })
        .from(users)
        .where(gt(users.createdAt, new Date(now - 7 * 24 * HOUR))),
      // The current token of each signed-in device that was used within the idle limit.
      db
        .select({ total })
        .from(sessions)
        .where(
          and(
            isNull(sessions.revokedAt),
            isNull(sessions.rotatedAt),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.lastUsedAt, new Date(now - SESSION_IDLE_MINUTES * 60_000)),
          ),
        ),
      db.select({ key: projects.status, total }).from(projects).groupBy(projects.status),
      db.select({ total }).from(contactInquiries).where(ne(contactInquiries.status, "handled")),
      db
        .select({
          signInFailures: sql<number>`count(*) filter (where ${securityEvents.type} = 'sign_in' and ${securityEvents.outcome} = 'failure')::int`,
          lockouts: sql<number>`count(*) filter (where ${securityEvents.type} = 'lockout')::int`,
        })
        .from(securityEvents)
        .where(gt(securityEvents.createdAt, new Date(now - 24 * HOUR))),
      adminsWithoutTwoStep(db),
    ]);
  const statuses = byKey(byStatus);
  return {
    accounts: {
      byRole: byKey(byRole),
      byDepartment: byKey(byDepartment),
      byStatus: { active: statuses.active ?? 0, pending: statuses.pending ?? 0, blocked: statuses.blocked ?? 0 },
      signUpsLast7Days: signUps?.total ?? 0,
    },
    activeSessions: activeSessions?.total ?? 0,
    projectsByStatus: byKey(projectsByStatus),
    openInquiries: openInquiries?.total ?? 0,
    last24Hours: { signInFailures: trouble[0]?.signInFailures ?? 0, lockouts: trouble[0]?.lockouts ?? 0 },
    adminsWithoutTwoStep: withoutTwoStep,
  };
}
