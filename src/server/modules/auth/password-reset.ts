import { and, eq, isNull, ne } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { authMessages, VERIFICATION_CODE_LENGTH, wrongCurrentPassword } from "../../../shared/auth.js";
import { SIGN_IN_METHODS_REVIEW_MINUTES, SIGN_IN_METHODS_REVIEW_PURPOSE, type SignInMethodsReview } from "../../../shared/security.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import type { Mailer } from "../../platform/mail.js";
import { checkPasswordPolicy } from "../../platform/password-policy.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { findUserByEmail, findUserById } from "./accounts.js";
import { passwordResetEmail } from "./auth-emails.js";
import { createOneTimeCodes, EMAIL_CODE_MINUTES } from "./one-time-codes.js";
import { hashPassword } from "./passwords.js";
import { randomDigits, randomToken } from "./secrets.js";
import { createSignInAttempts } from "./sign-in-attempts.js";

/** A new password, by an emailed code (forgotten) or by the current one (signed in); either ends the other sessions. */
export function createPasswordReset(deps: { db: AppDb; mailer: Mailer }) {
  const { db, mailer } = deps;
  const { issue: issueCode, consume: consumeCode, issueTicket } = createOneTimeCodes(db);
  const attempts = createSignInAttempts(db);

  /** Sets a new password and ends the account's open sessions, but those of the device that keeps going (its family). */
  async function replacePassword(userId: string, newPassword: string, keptFamilyId?: string) {
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, hasPassword: true, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keptFamilyId ? ne(sessions.familyId, keptFamilyId) : undefined),
        );
    });
  }

  return {
    /** Emails a reset code when the address has an account; the caller answers the same either way. */
    async requestPasswordReset(email: string, origin: RequestOrigin) {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const code = await issueCode(user.id, "password_reset", randomDigits(VERIFICATION_CODE_LENGTH), EMAIL_CODE_MINUTES);
      await recordSecurityEvent(db, { type: "password_reset_requested", outcome: "success", userId: user.id, email: user.email }, origin);
      await mailer.send(passwordResetEmail(user, code));
    },

    /**
     * Sets a new password with an emailed code and signs the account out everywhere; answers the ticket with which
     * the completion screen shows the passkeys and providers and removes those the person picks.
     */
    async resetPassword(email: string, code: string, newPassword: string, origin: RequestOrigin): Promise<SignInMethodsReview> {
      // Before the code is used: a refused password leaves the code for a better one.
      await checkPasswordPolicy(db, newPassword, "newPassword");
      const user = await findUserByEmail(db, email);
      if (!user || !(await consumeCode(user.id, "password_reset", code))) {
        await recordSecurityEvent(
          db,
          { type: "password_reset", outcome: "failure", reason: "invalid_code", userId: user?.id, email },
          origin,
        );
        throw new ApiError(400, authMessages.invalidResetCode, "invalid_code", { code: authMessages.invalidResetCode });
      }
      await replacePassword(user.id, newPassword);
      await recordSecurityEvent(db, { type: "password_reset", outcome: "success", userId: user.id, email: user.email }, origin);
      const reviewTicket = await issueTicket(user.id, SIGN_IN_METHODS_REVIEW_PURPOSE, randomToken(), SIGN_IN_METHODS_REVIEW_MINUTES);
      return { userId: user.id, reviewTicket };
    },

    /** Changes the password of a signed-in user, who must know the current one; other sessions end. */
    async changePassword(userId: string, sessionId: string, currentPassword: string, newPassword: string, origin: RequestOrigin) {
      const user = await findUserById(db, userId);
      if (!user || !(await attempts.passwordMatches(user, currentPassword, origin))) {
        await recordSecurityEvent(db, { type: "password_change", outcome: "failure", reason: "wrong_current_password", userId }, origin);
        throw new ApiError(400, productWording.validationFailed, "validation_failed", { currentPassword: wrongCurrentPassword });
      }
      await checkPasswordPolicy(db, newPassword, "newPassword");
      const [current] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId));
      await replacePassword(user.id, newPassword, current?.familyId);
      await recordSecurityEvent(db, { type: "password_change", outcome: "success", userId: user.id, email: user.email }, origin);
    },
  };
}
