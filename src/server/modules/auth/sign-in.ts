import { ApiError } from "../../../shared/api.js";
import { authMessages, type CompleteLoginResult, type VerifyCredentialsResult } from "../../../shared/auth.js";
import type { AppDb } from "../../db/client.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { findUserByEmail, findUserById } from "./accounts.js";
import type { MfaService } from "./mfa.js";
import { createOneTimeCodes } from "./one-time-codes.js";
import { decoyPasswordHash, verifyPassword } from "./passwords.js";
import type { Sessions } from "./sessions.js";
import { createSignInAttempts } from "./sign-in-attempts.js";
import { createSignInSteps } from "./sign-in-steps.js";

const unauthorized = (message: string, code: string) => new ApiError(401, message, code);

/**
 * Sign-in in two steps (docs/product.md#sessions): the password gives a single-use ticket, the ticket (and the second factor
 * when it is on) a session. Five failures (wrong passwords or codes) in the window lock the account and the address out
 * (sign-in-attempts.ts).
 */
export function createSignIn(deps: { db: AppDb; mfa: MfaService; sessions: Sessions }) {
  const { db, mfa, sessions } = deps;
  const { findTicket, markUsed, countWrongGuess } = createOneTimeCodes(db);
  const { issueLoginTicket, openSignedInSession } = createSignInSteps({ db, sessions });
  const attempts = createSignInAttempts(db);

  return {
    async verifyCredentials(email: string, password: string, origin: RequestOrigin): Promise<VerifyCredentialsResult> {
      const normalised = email.toLowerCase();
      // Counted before the (deliberately slow) hash, so a burst of guesses cannot all be checked.
      const keys = await attempts.takeOrRefuse(normalised, origin);
      const user = await findUserByEmail(db, normalised);
      const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), password);
      const fail = async (reason: string, error: ApiError) => {
        await recordSecurityEvent(db, { type: "sign_in", outcome: "failure", reason, userId: user?.id, email: normalised }, origin);
        throw error;
      };
      if (!user) return fail("unknown_email", unauthorized(authMessages.invalidCredentials, "invalid_credentials"));
      if (!passwordMatches) return fail("wrong_password", unauthorized(authMessages.invalidCredentials, "invalid_credentials"));
      if (!user.active) return fail("blocked", unauthorized(authMessages.accountDeactivated, "account_deactivated"));
      if (!user.emailVerifiedAt) return fail("email_not_verified", new ApiError(403, authMessages.emailNotConfirmed, "email_not_verified"));
      if (!user.approvedAt) return fail("pending_approval", new ApiError(403, authMessages.pendingApproval, "pending_approval"));
      await attempts.giveBack(keys);
      return issueLoginTicket(user);
    },

    async completeLogin(
      userId: string,
      ticket: string,
      mfaCode: string | undefined,
      origin: RequestOrigin,
      /** The browser's zone, kept when the account has none yet (sign-in-steps.ts). */
      timeZone?: string,
    ): Promise<Required<CompleteLoginResult>> {
      const user = await findUserById(db, userId);
      const invalidTicket = () => unauthorized(authMessages.invalidLoginTicket, "invalid_ticket");
      // The ticket first: without a valid one, no code is ever checked, so the answer tells nothing about a code.
      const openTicket = user ? await findTicket(user.id, "login_ticket", ticket) : null;
      if (!user || !openTicket) throw invalidTicket();
      if (user.mfaEnabledAt) {
        if (!mfaCode) throw unauthorized(authMessages.mfaRequired, "mfa_required");
        // A code guess is a sign-in attempt: counted before it is checked, like a password.
        const keys = await attempts.takeOrRefuse(user.email, origin);
        if (!(await mfa.checkSecondFactor(user.id, mfaCode))) {
          // A mistyped code can be retried on the same ticket, up to five wrong guesses in all.
          await countWrongGuess(openTicket);
          await recordSecurityEvent(
            db,
            { type: "sign_in", outcome: "failure", reason: "wrong_mfa_code", userId: user.id, email: user.email },
            origin,
          );
          throw unauthorized(authMessages.invalidMfaCode, "invalid_mfa_code");
        }
        await attempts.giveBack(keys);
      }
      if (!(await markUsed(openTicket))) throw invalidTicket();
      return openSignedInSession(user, origin, undefined, timeZone);
    },
  };
}
