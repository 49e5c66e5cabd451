import { z } from "zod";
import { roles } from "../departments.js";
import { count, instant, pageOf } from "./common.js";

/* The answers of the accounts: the admin's table and approvals, the staff directory, staff records, profile photos. */

/** One account in the admin's table. */
export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  department: z.string(),
  department_code: z.string().nullable(),
  avatar: z.string().nullable(),
  active: z.boolean(),
  approved: z.boolean(),
  emailVerified: z.boolean(),
  /** The last time every factor of a sign-in passed (any way of signing in), or null: never signed in. */
  lastLoginAt: instant.nullable(),
  createdAt: instant,
});
export type AdminUserRow = z.output<typeof adminUserRow>;

/** GET /api/admin/users: a page of the accounts table. */
export const adminUsersPage = pageOf(adminUserRow).extend({
  /** How many accounts wait for approval, whatever the filters. */
  pendingCount: count,
});
export type AdminUsersPage = z.output<typeof adminUsersPage>;

/** POST /api/admin/users/approve: the accounts let in. */
export const bulkApprovalResult = z.object({ approved: z.array(z.object({ id: z.string(), email: z.string() })) });
export type BulkApprovalResult = z.output<typeof bulkApprovalResult>;

/** One account let in, and when. */
export const accountApproval = z.object({ id: z.string(), approvedAt: instant.nullable() });

/** POST /api/users/upload-avatar: the address of the new profile photo. */
export const avatarUpdate = z.object({ avatar: z.string() });

/** GET /api/users (staff and admins): one active, approved staff member or admin of the directory. */
export const directoryEntry = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** staff or admin (DirectoryEntry of src/shared/staff-directory.ts types it as text). */
  role: z.string(),
  department: z.string(),
  department_code: z.string().nullable(),
  avatar: z.string().nullable(),
  /** Kept by HR and the administrators; empty when not set. */
  jobTitle: z.string(),
  /** The desk phone's extension, digits only; empty when none. */
  phoneExtension: z.string(),
});

/** GET /api/users: by department, then name. */
export const staffDirectory = z.object({ users: z.array(directoryEntry) });

/** PUT /api/people/{id}/details: the staff record as saved. */
export const staffRecord = z.object({ id: z.string(), jobTitle: z.string(), phoneExtension: z.string() });
