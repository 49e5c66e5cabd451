import { z } from "zod";
import { auditActions } from "../admin.js";
import { departmentNames, roles } from "../departments.js";
import { count, instant, pageOf } from "./common.js";

/** PUT /api/admin/users/{id}/role: the account's role, department and department code now. */
export const roleChanged = z.object({
  id: z.string(),
  role: z.enum(roles),
  department: z.enum(departmentNames),
  department_code: z.string().nullable(),
});

/** PUT /api/admin/users/{id}/department: the account's department and its new code. */
export const departmentChanged = z.object({ id: z.string(), department: z.enum(departmentNames), department_code: z.string().nullable() });

/** POST /api/admin/users/{id}/block: whether the account can sign in now. */
export const blockChanged = z.object({ id: z.string(), active: z.boolean() });

/** DELETE /api/admin/users/{id}: the account deleted. */
export const accountDeleted = z.object({ id: z.string() });

/** An active admin without two-step sign-in (an authenticator app): flagged until they turn it on. */
export const adminWithoutTwoStep = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AdminWithoutTwoStep = z.output<typeof adminWithoutTwoStep>;

const countsByKey = z.record(z.string(), count);

/** GET /api/admin/dashboard. */
export const adminDashboard = z.object({
  accounts: z.object({
    byRole: countsByKey,
    byDepartment: countsByKey,
    byStatus: z.object({ active: count, pending: count, blocked: count }),
    signUpsLast7Days: count,
  }),
  activeSessions: count,
  projectsByStatus: countsByKey,
  openInquiries: count,
  last24Hours: z.object({ signInFailures: count, lockouts: count }),
  adminsWithoutTwoStep: z.array(adminWithoutTwoStep),
});
export type AdminDashboard = z.output<typeof adminDashboard>;

export const healthStatus = z.enum(["ok", "failing", "off"]);
export type HealthStatus = z.output<typeof healthStatus>;
/** One part of the installation, checked: its status and a short detail. */
export const healthCheck = z.object({ status: healthStatus, detail: z.string() });
export type HealthCheck = z.output<typeof healthCheck>;

/** GET /api/admin/health: each part of the installation as a status with a short detail. */
export const adminHealth = z.object({
  database: healthCheck.extend({ latencyMs: z.number().nullable(), lastMigration: z.string().nullable() }),
  storage: healthCheck,
  mail: healthCheck.extend({ transport: z.enum(["log", "smtp"]) }),
  redis: healthCheck,
  uptimeSeconds: count,
  memory: z.object({ rssBytes: count, heapUsedBytes: count }),
  version: z.string(),
  checkedAt: instant,
});
export type AdminHealth = z.output<typeof adminHealth>;

/** The company's public contact details, as the settings answer them. */
export const publicContact = z.object({
  phone: z.string(),
  email: z.string(),
  enquiriesEmail: z.string(),
  street: z.string(),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string(),
});

/** GET/PUT /api/admin/settings: the site's settings (the request's schema is siteSettingsSchema). */
export const siteSettings = z.object({
  registrationOpen: z.boolean(),
  staffApprovalRequired: z.boolean(),
  contact: publicContact,
  maintenanceBanner: z.string(),
});

/** One line of the audit log: who did what to whom, when, from where, and what changed. */
export const auditEntry = z.object({
  id: count,
  action: z.enum(auditActions),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string(),
  createdAt: instant,
});
export type AuditEntry = z.output<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);
export type AuditPage = z.output<typeof auditPage>;

/** An announcement to the staff (all of them, or one department). */
export const announcement = z.object({
  id: count,
  audience: z.string(),
  title: z.string(),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: instant,
});
export type Announcement = z.output<typeof announcement>;
export const announcementPage = pageOf(announcement);
