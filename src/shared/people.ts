import { z } from "zod";

/** GET /api/people: the staff directory by department (HR and admins); the schemas are in ./answers/people.ts. */
export type { DepartmentStaff, PendingStaffAccount, PeopleDirectory, StaffIdentity, StaffMember } from "./answers/people.js";

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
