import { eq } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { authMessages, VERIFICATION_CODE_LENGTH } from "../../../shared/auth.js";
import { type DepartmentName, departmentCodeFor, GENERAL_USERS, type Role } from "../../../shared/departments.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import type { Mailer } from "../../platform/mail.js";
import { checkPasswordPolicy } from "../../platform/password-policy.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { readSiteSettings } from "../../platform/site-settings.js";
import { findUserByEmail, type UserRow } from "./accounts.js";
import { verificationEmail } from "./auth-emails.js";
import { createOneTimeCodes, EMAIL_CODE_MINUTES } from "./one-time-codes.js";
import { hashPassword } from "./passwords.js";
import { randomDigits } from "./secrets.js";

type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  company: string;
  department?: DepartmentName;
  isStaff: boolean;
  password: string;
};

const emailTaken = () => new ApiError(409, authMessages.emailTaken, "email_taken", { email: authMessages.emailTaken });

/** New accounts: clients at once, staff with a department code and an admin's approval; both confirm their email with a code. */
export function createRegistration(deps: { db: AppDb; mailer: Mailer; publicOrigin: string }) {
  const { db, mailer } = deps;
  const { issue: issueCode, consume: consumeCode } = createOneTimeCodes(db);

  async function sendVerificationEmail(user: UserRow) {
    const code = await issueCode(user.id, "verify_email", randomDigits(VERIFICATION_CODE_LENGTH), EMAIL_CODE_MINUTES);
    await mailer.send(verificationEmail(user, code, deps.publicOrigin));
  }

  return {
    async register(input: Registration, origin: RequestOrigin) {
      const siteSettings = await readSiteSettings(db);
      if (!siteSettings.registrationOpen) {
        throw new ApiError(403, authMessages.registrationDisabled, "registration_disabled");
      }
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const department = input.isStaff && input.department ? input.department : GENERAL_USERS;
      const role: Role = input.isStaff ? "staff" : "user";
      const awaitsApproval = role === "staff" && siteSettings.staffApprovalRequired;
      await checkPasswordPolicy(db, input.password, "password");
      const passwordHash = await hashPassword(input.password);
      let user: UserRow | undefined;
      // A department code collision (1 in 100,000 per pair) is retried with new digits.
      for (let attempt = 0; !user && attempt < 5; attempt++) {
        [user] = await db
          .insert(users)
          .values({
            email: input.email.toLowerCase(),
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            location: input.location,
            company: input.company,
            department,
            departmentCode: role === "staff" ? departmentCodeFor(department) : null,
            role,
            approvedAt: awaitsApproval ? null : new Date(),
            passwordHash,
          })
          .onConflictDoNothing()
          .returning();
        if (!user && (await findUserByEmail(db, input.email))) throw emailTaken();
      }
      if (!user) throw new ApiError(500, authMessages.registrationFailed, "registration_failed");
      await recordSecurityEvent(db, { type: "registration", outcome: "success", userId: user.id, email: user.email }, origin);
      await sendVerificationEmail(user);
      return { userId: user.id, email: user.email, role, requiresApproval: awaitsApproval };
    },

    async verifyEmail(email: string, code: string, origin: RequestOrigin) {
      const user = await findUserByEmail(db, email);
      if (!user || !(await consumeCode(user.id, "verify_email", code))) {
        await recordSecurityEvent(db, { type: "email_verification", outcome: "failure", userId: user?.id, email }, origin);
        throw new ApiError(400, authMessages.invalidVerificationCode, "invalid_code", { code: authMessages.invalidVerificationCode });
      }
      await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
      await recordSecurityEvent(db, { type: "email_verification", outcome: "success", userId: user.id, email }, origin);
      return { verified: true, requiresApproval: user.approvedAt === null };
    },

    /** Sends a new code to an unverified account; says nothing about whether the address has one. */
    async resendVerification(email: string) {
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerifiedAt) await sendVerificationEmail(user);
    },
  };
}
