import { eq } from "drizzle-orm";
import { type CompleteLoginResult, MFA_ENROLMENT_PATH, type VerifyCredentialsResult } from "../../../shared/auth.js";
import { dashboardPathFor } from "../../../shared/departments.js";
import { isTimeZone } from "../../../shared/zoned-time.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { mfaEnrolmentDueFor, toSessionUser, type UserRow } from "./accounts.js";
import { createOneTimeCodes } from "./one-time-codes.js";
import { randomToken } from "./secrets.js";
import type { Sessions } from "./sessions.js";

const LOGIN_TICKET_MINUTES = 2;

/**
 * The two ends every way of signing in shares (password, identity provider): the first factor gives a single-use
 * ticket that complete-login (with the second factor when it is on) turns into a session under the same rules.
 */
export function createSignInSteps(deps: { db: AppDb; sessions: Sessions }) {
  const { db, sessions } = deps;
  const { issueTicket } = createOneTimeCodes(db);

  return {
    /** The first factor passed: a ticket for complete-login. */
    async issueLoginTicket(user: UserRow): Promise<VerifyCredentialsResult> {
      const ticket = await issueTicket(user.id, "login_ticket", randomToken(), LOGIN_TICKET_MINUTES);
      return { success: true, userId: user.id, department: user.department, ticket, mfaRequired: user.mfaEnabledAt !== null };
    },

    /**
     * Every factor passed: the session, the sign-in logged (with how, when not the password), the dashboard to land on.
     * `timeZone`, the browser's, becomes the account's at its first sign-in (none chosen yet); a zone Intl does not
     * know is left out rather than failing the sign-in (docs/decisions/123-each-persons-time-zone.md).
     */
    async openSignedInSession(
      user: UserRow,
      origin: RequestOrigin,
      method?: string,
      timeZone?: string,
    ): Promise<Required<CompleteLoginResult>> {
      const { accessToken, refreshToken } = await sessions.start(user, null, origin);
      const firstZone = user.timeZone === null && timeZone !== undefined && isTimeZone(timeZone) ? { timeZone } : {};
      const [signedIn] = await db
        .update(users)
        .set({ lastLoginAt: new Date(), ...firstZone })
        .where(eq(users.id, user.id))
        .returning();
      await recordSecurityEvent(db, { type: "sign_in", outcome: "success", reason: method, userId: user.id, email: user.email }, origin);
      const mfaEnrolmentRequired = await mfaEnrolmentDueFor(db, user);
      return {
        user: toSessionUser(signedIn ?? user),
        dashboard: mfaEnrolmentRequired ? MFA_ENROLMENT_PATH : dashboardPathFor({ role: user.role, department: user.department }),
        accessToken,
        refreshToken,
        mfaEnrolmentRequired,
      };
    },
  };
}
