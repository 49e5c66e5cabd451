import { z } from "zod";

/** GET /api/people: the staff directory by department (HR and admins). */

/** Who a staff account is: the same in the directory and in the list of accounts awaiting approval. */
export type StaffIdentity = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: string;
  department_code: string | null;
};

export type StaffMember = StaffIdentity &
  StaffDetails & {
    avatar: string | null;
    role: "staff" | "admin";
    lastLoginAt: string | null;
  };

export type DepartmentStaff = { department: string; headcount: number; staff: StaffMember[] };

/** A staff account registered but not yet approved (POST /api/admin/users/{id}/approve, or /api/people/{id}/approve for HR, lets it in). */
export type PendingStaffAccount = StaffIdentity & {
  /** Whether the owner has confirmed the email address with the emailed code. */
  emailConfirmed: boolean;
  registeredAt: string;
};

export type PeopleDirectory = {
  /** Every staff department, in the order of src/shared/departments.ts, even when nobody is in it yet. */
  departments: DepartmentStaff[];
  totals: { staff: number; admins: number; total: number };
  /** Newest registration first. */
  pending: PendingStaffAccount[];
};

export const JOB_TITLE_MAX = 80;
export const PHONE_EXTENSION_MAX = 6;

/**
 * PUT /api/people/{id}/details: a staff record's job title and desk phone extension, kept by HR and the
 * administrators (src/shared/access.ts canKeepStaffRecords); either may be empty.
 */
export const staffDetailsSchema = z.object({
  jobTitle: z.string({ error: "Job title must be text." }).trim().max(JOB_TITLE_MAX, `Keep the job title to ${JOB_TITLE_MAX} characters.`),
  phoneExtension: z
    .string({ error: "Extension must be text." })
    .trim()
    .regex(new RegExp(`^[0-9]{0,${PHONE_EXTENSION_MAX}}$`), `The extension is digits only, up to ${PHONE_EXTENSION_MAX} of them.`),
});

export type StaffDetails = z.output<typeof staffDetailsSchema>;

export const staffRecordMessages = {
  notFound: "Staff member not found.",
  saved: "Staff record saved.",
} as const;
