import { z } from "zod";
import { count, instant } from "./common.js";

/** Who a staff account is: the same in the directory and in the list of accounts awaiting approval. */
export const staffIdentity = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  department: z.string(),
  department_code: z.string().nullable(),
});
export type StaffIdentity = z.output<typeof staffIdentity>;

/** A member of the staff directory, with the record HR keeps (job title and desk extension, either may be empty). */
export const staffMember = staffIdentity.extend({
  jobTitle: z.string(),
  phoneExtension: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(["staff", "admin"]),
  lastLoginAt: instant.nullable(),
});
export type StaffMember = z.output<typeof staffMember>;

/** One staff department of the directory and who is in it. */
export const departmentStaff = z.object({ department: z.string(), headcount: count, staff: z.array(staffMember) });
export type DepartmentStaff = z.output<typeof departmentStaff>;

/** A staff account registered but not yet approved (POST /api/admin/users/{id}/approve, or /api/people/{id}/approve for HR, lets it in). */
export const pendingStaffAccount = staffIdentity.extend({
  /** Whether the owner has confirmed the email address with the emailed code. */
  emailConfirmed: z.boolean(),
  registeredAt: instant,
});
export type PendingStaffAccount = z.output<typeof pendingStaffAccount>;

/** GET /api/people: the staff directory by department (HR and admins). */
export const peopleDirectory = z.object({
  /** Every staff department, in the order of src/shared/departments.ts, even when nobody is in it yet. */
  departments: z.array(departmentStaff),
  totals: z.object({ staff: count, admins: count, total: count }),
  /** Newest registration first. */
  pending: z.array(pendingStaffAccount),
});
export type PeopleDirectory = z.output<typeof peopleDirectory>;

/** GET /api/users (staff and admins): one active, approved staff member or admin of the directory. */
export const directoryEntry = staffIdentity.extend({
  role: z.string(),
  avatar: z.string().nullable(),
  /** Kept by HR and the administrators; empty when not set. */
  jobTitle: z.string(),
  /** The desk phone's extension, digits only; empty when none. */
  phoneExtension: z.string(),
});
export type DirectoryEntry = z.output<typeof directoryEntry>;

/** GET /api/users: by department, then name. */
export const staffDirectory = z.object({ users: z.array(directoryEntry) });
export type StaffDirectory = z.output<typeof staffDirectory>;
