import { and, eq, sql } from "drizzle-orm";
import type { Role } from "../../shared/departments.js";
import { mfaEnrolmentDue, parseSecuritySettings } from "../../shared/security.js";
import type { AppDb } from "../db/client.js";
import { sessions, settings, users } from "../db/schema.js";
import { SECURITY_SETTINGS_KEY } from "./site-settings.js";

/**
 * What the database says, at this moment, of the account and session an access token names:
 * - open: the account is active and this session of it is open (with the account's role and department now, and
 *   whether the security settings require it to turn two-step sign-in on first);
 * - deactivated: the account was blocked or deleted since the token was signed;
 * - ended: the session was signed out or revoked, or is not this account's.
 */
export type AccountAccess =
  | { state: "open"; role: Role; department: string; mfaEnrolmentDue: boolean }
  | { state: "deactivated" }
  | { state: "ended" };

export type ReadAccountAccess = (token: { userId: string; sessionId: string }) => Promise<AccountAccess>;

/**
 * One primary-key lookup per request (users joined to the session, with the security settings' row), so a block, a
 * deletion, a role change or a new two-step requirement holds from the very next request on every instance, without
 * waiting for the 15-minute token to expire. A prepared statement: built once here, parsed and planned once per
 * database connection, since every signed-in request pays for it.
 */
export function createAccountAccessReader(db: AppDb): ReadAccountAccess {
  const lookup = db
    .select({
      active: users.active,
      role: users.role,
      department: users.department,
      mfaEnabledAt: users.mfaEnabledAt,
      session: sessions.id,
      revokedAt: sessions.revokedAt,
      securitySettings: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = ${SECURITY_SETTINGS_KEY})`,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder("sessionId")), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("account_access");
  return async ({ userId, sessionId }) => {
    const [row] = await lookup.execute({ userId, sessionId });
    // The token was signed by this server for this user: no row means the account has been deleted since.
    if (!row?.active) return { state: "deactivated" };
    if (!row.session || row.revokedAt) return { state: "ended" };
    const enrolmentDue = mfaEnrolmentDue(parseSecuritySettings(row.securitySettings), {
      role: row.role,
      mfaEnabled: row.mfaEnabledAt !== null,
    });
    return { state: "open", role: row.role, department: row.department, mfaEnrolmentDue: enrolmentDue };
  };
}

/**
 * Whether a refused refresh token belongs to a blocked account, so that the refresh answers 'Account is
 * deactivated' rather than 'session expired'. Asked only after a refresh failed. (A deleted account's
 * sessions are deleted with it: its refresh token is simply unknown.)
 */
export function createBlockedSessionCheck(db: AppDb) {
  return async (refreshToken: string): Promise<boolean> => {
    const [sessionId = ""] = refreshToken.split(".");
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
    const [row] = await db
      .select({ active: users.active })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId));
    return row?.active === false;
  };
}
