import { z } from "zod";
import { departmentNames, GENERAL_USERS, roles } from "./departments.js";
import { pageNumber, phoneNumber } from "./fields.js";

export type {
  AdminDashboard,
  AdminHealth,
  AdminWithoutTwoStep,
  Announcement,
  AuditEntry,
  AuditPage,
  HealthCheck,
  HealthStatus,
} from "./answers/admin.js";

/** What the admin screen and API say, where docs/product.md#wording has no words of its own. */
export const adminMessages = {
  accountNotFound: "Account not found.",
  notYourself: "You cannot block, demote or delete your own account. Ask another administrator.",
  lastAdmin: "This is the last administrator who can sign in. Make another account an administrator first.",
  notReadyForAdmin:
    "Only an approved account with a confirmed email address can be made an administrator. Approve it, or ask its owner to confirm their email, first.",
  clientHasNoDepartment: "Clients belong to General Users. Make the account staff first, then choose its department.",
  roleChanged: "Role changed.",
  departmentChanged: "Department changed.",
  blocked: "Account blocked. Every session of it has ended.",
  unblocked: "Account unblocked. Its owner can sign in again.",
  deleted: "Account deleted.",
  settingsSaved: "Settings saved.",
  announcementSent: "Announcement sent.",
} as const;

/** PUT /api/admin/users/{id}/role (docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff). */
export const roleChangeSchema = z.object({ role: z.enum(roles, { error: "Choose admin, staff or user." }) });

/** PUT /api/admin/users/{id}/department (docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff): the account gets a new department_code as at registration. */
export const departmentChangeSchema = z.object({ department: z.enum(departmentNames, { error: "Please choose a department." }) });

/** POST /api/admin/users/{id}/block (docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff): `blocked` true or false, and why (kept in the audit log). */
export const blockSchema = z.object({
  blocked: z.boolean({ error: "Say whether the account is blocked (true or false)." }),
  reason: z.string().trim().max(500, "Keep the reason to 500 characters.").optional(),
});

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be ${max} characters or fewer.`);

/** The company's public contact details: the public pages, the footer and the JSON-LD show them. */
export const publicContactSchema = z.object({
  phone: phoneNumber.refine((value) => value !== "", "Phone is required."),
  email: z.email("Please enter a valid email address.").max(200),
  enquiriesEmail: z.email("Please enter a valid email address.").max(200),
  street: text("Street", 200),
  locality: text("Town or city", 100),
  region: text("State", 100),
  postalCode: z.string().trim().max(20, "Postal code must be 20 characters or fewer."),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

/** GET/PUT /api/admin/settings: the one schema both sides check the settings with. */
export const siteSettingsSchema = z.object({
  /** Closed: registration answers docs/product.md#wording 'New registrations are currently disabled. Please contact support.' */
  registrationOpen: z.boolean(),
  /** Whether a new staff account waits for an admin's approval before it can sign in. */
  staffApprovalRequired: z.boolean(),
  contact: publicContactSchema,
  /** Shown at the top of every page while not empty. */
  maintenanceBanner: z.string().trim().max(280, "Keep the banner to 280 characters."),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Every kind of admin action the audit log records. */
export const auditActions = [
  "user.approved",
  "user.role_changed",
  "user.department_changed",
  "user.blocked",
  "user.unblocked",
  "user.deleted",
  "settings.changed",
  "security_settings.changed",
  "announcement.sent",
  "message.removed",
  "address.blocked",
  "address.unblocked",
  "staff.details_changed",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  "user.approved": "Approved an account",
  "user.role_changed": "Changed a role",
  "user.department_changed": "Changed a department",
  "user.blocked": "Blocked an account",
  "user.unblocked": "Unblocked an account",
  "user.deleted": "Deleted an account",
  "settings.changed": "Changed the settings",
  "security_settings.changed": "Changed the security settings",
  "announcement.sent": "Sent an announcement",
  "message.removed": "Removed a message",
  "address.blocked": "Blocked an address",
  "address.unblocked": "Unblocked an address",
  "staff.details_changed": "Changed a staff record",
};

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit-log: filters (all optional) and the page. */
export const auditQuerySchema = z.object({
  action: z.enum(auditActions, { error: "Unknown action." }).optional(),
  /** Part of the admin's or the target's email or name. */
  search: z.string().trim().max(100, "Search must be 100 characters or fewer.").optional(),
  page: pageNumber.max(10_000, "Page must be 10000 or less.").default(1),
});

/** Who an announcement goes to: every staff member (and admin), or one department. */
export const ANNOUNCE_TO_ALL = "all";
export const announcementSchema = z.object({
  // Clients (General Users) have no announcements: they are for the staff.
  audience: z
    .enum([ANNOUNCE_TO_ALL, ...departmentNames], { error: "Choose all staff or one department." })
    .refine((audience) => audience !== GENERAL_USERS, "Choose all staff or one department."),
  title: text("Title", 120),
  body: z.string().trim().max(2000, "Keep the announcement to 2000 characters.").default(""),
});
