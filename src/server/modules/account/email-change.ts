import { eq } from "drizzle-orm";
import { accountMessages, type ChangeEmailInput, EMAIL_CHANGE_PURPOSE } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import { authMessages, type SessionUser, VERIFICATION_CODE_LENGTH } from "../../../shared/auth.js";
import { productWording } from "../../../shared/wording.js";
import { isUniqueViolation } from "../../db/errors.js";
import { users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { createOneTimeCodes, EMAIL_CODE_MINUTES, randomDigits, toSessionUser } from "../auth/index.js";
import type { AccountDeps } from "./deps.js";
import { requirePasswordAndCode, userWithPassword } from "./password-check.js";

const fieldError = (status: number, field: string, message: string, code = "validation_failed") =>
  new ApiError(status, status === 400 ? productWording.validationFailed : message, code, { [field]: message });

const emailTaken = () => fieldError(409, "newEmail", authMessages.emailTaken, "email_taken");

async function addressInUse(deps: AccountDeps, email: string) {
  const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return owner !== undefined;
}

/** A new email address replaces the old one only once a code sent to it comes back; the old address is told. */
export function createEmailChange(deps: AccountDeps) {
  const { db, mailer } = deps;
  const codes = createOneTimeCodes(db);

  return {
    /**
     * Checks the password (and the two-step code when two-step sign-in is on: a stolen session and password alone
     * cannot move the account to another address), keeps the new address as pending and emails it a code.
     */
    async request(userId: string, input: ChangeEmailInput, origin: RequestOrigin): Promise<{ pendingEmail: string }> {
      const { newEmail } = input;
      const checked = await userWithPassword(db, userId, input.password);
      const { user } = checked;
      if (newEmail === user.email) throw fieldError(400, "newEmail", accountMessages.sameEmail);
      const fail = async (reason: string, error: ApiError): Promise<never> => {
        await recordSecurityEvent(db, { type: "email_change_requested", outcome: "failure", reason, userId, email: user.email }, origin);
        throw error;
      };
      await requirePasswordAndCode(deps.mfa, checked, input.code, fail);
      if (await addressInUse(deps, newEmail)) throw emailTaken();
      await db.update(users).set({ pendingEmail: newEmail, updatedAt: new Date() }).where(eq(users.id, userId));
      const code = await codes.issue(userId, EMAIL_CHANGE_PURPOSE, randomDigits(VERIFICATION_CODE_LENGTH), EMAIL_CODE_MINUTES);
      await recordSecurityEvent(
        db,
        { type: "email_change_requested", outcome: "success", reason: `to ${newEmail}`, userId, email: user.email },
        origin,
      );
      await mailer.send({
        to: newEmail,
        subject: "Your Crestbuild email change code",
        kind: "email_change_code",
        codeExpiresAt: new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000),
        content: {
          recipientName: user.firstName,
          paragraphs: [
            [
              `Your code to confirm ${newEmail} as the email address of your Crestbuild account is `,
              { code },
              `. It is valid for ${EMAIL_CODE_MINUTES} minutes.`,
            ],
            "Enter it in your settings.",
          ],
          action: { label: "Open your settings", url: `${deps.publicOrigin}/settings` },
          afterword: ["If you did not ask for this, ignore this email: nothing changes."],
        },
      });
      return { pendingEmail: newEmail };
    },

    /** With the emailed code: the pending address becomes the account's email; the old address is told. */
    async confirm(userId: string, code: string, origin: RequestOrigin): Promise<SessionUser> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user?.pendingEmail) throw fieldError(400, "code", accountMessages.noEmailChangePending);
      const newEmail = user.pendingEmail;
      if (!(await codes.consume(userId, EMAIL_CHANGE_PURPOSE, code))) {
        await recordSecurityEvent(
          db,
          { type: "email_changed", outcome: "failure", reason: "invalid_code", userId, email: user.email },
          origin,
        );
        throw fieldError(400, "code", authMessages.invalidVerificationCode);
      }
      let updated: typeof user | undefined;
      try {
        [updated] = await db
          .update(users)
          .set({ email: newEmail, pendingEmail: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Someone registered the address between the request and the code.
        await db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
        throw emailTaken();
      }
      if (!updated) throw new ApiError(404, "Account not found.", "not_found");
      await recordSecurityEvent(
        db,
        { type: "email_changed", outcome: "success", reason: `from ${user.email}`, userId, email: newEmail },
        origin,
      );
      // Its owner hears of it at the old address from the security centre (modules/security/notices.ts).
      return toSessionUser(updated);
    },
  };
}
