import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { authMessages } from "../../../shared/auth.js";
import { SESSION_LIMITS } from "../../../shared/retention.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { sessions } from "../../db/schema.js";
import type { AccessTokens } from "../../platform/access-tokens.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { findUserById, mfaEnrolmentDueFor, toSessionUser, type UserRow } from "./accounts.js";
import { randomToken, sameHash, sha256 } from "./secrets.js";

const MINUTE = 60_000;
/** docs/product.md#sessions: a session dies after 30 minutes without use (src/shared/retention.ts). */
export const SESSION_IDLE_MINUTES = SESSION_LIMITS.idleMinutes;
/** However active, a session ends after this long and the user signs in again. */
export const SESSION_MAX_HOURS = SESSION_LIMITS.maxHours;

const sessionExpired = () => new ApiError(401, authMessages.sessionExpired, "session_expired");

/**
 * Signed-in sessions: a short access token and a refresh token rotated on every use. The rotations of one
 * sign-in form a family (a device); a rotated token presented again revokes the whole family.
 */
export function createSessions(deps: { db: AppDb; tokens: AccessTokens }) {
  const { db, tokens } = deps;

  /** Opens a session (a new family without familyId) and signs its access token. */
  async function start(user: UserRow, familyId: string | null, origin: RequestOrigin, startedAt?: Date) {
    const secret = randomToken();
    const [session] = await db
      .insert(sessions)
      .values({
        userId: user.id,
        familyId: familyId ?? crypto.randomUUID(),
        tokenHash: sha256(secret),
        expiresAt: new Date((startedAt?.getTime() ?? Date.now()) + SESSION_MAX_HOURS * 60 * MINUTE),
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
      })
      .returning();
    if (!session) throw new Error("session insert returned no row");
    const accessToken = tokens.sign({ userId: user.id, role: user.role, department: user.department, sessionId: session.id });
    return { session, accessToken, refreshToken: `${session.id}.${secret}` };
  }

  const revokeFamily = (familyId: string) =>
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));

  return {
    start,

    /** Swaps a refresh token for a new pair; an already-swapped token revokes its whole session family. */
    async refresh(refreshToken: string, origin: RequestOrigin) {
      const [sessionId = "", secret = ""] = refreshToken.split(".");
      if (!isUuid(sessionId)) throw sessionExpired();
      const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
      if (!session || !sameHash(session.tokenHash, sha256(secret))) throw sessionExpired();
      if (session.rotatedAt || session.revokedAt) {
        await revokeFamily(session.familyId);
        if (session.rotatedAt) {
          await recordSecurityEvent(
            db,
            { type: "refresh_reuse", outcome: "failure", reason: "rotated token presented again", userId: session.userId },
            origin,
          );
        }
        throw sessionExpired();
      }
      const idleSince = Date.now() - session.lastUsedAt.getTime();
      const user = await findUserById(db, session.userId);
      if (idleSince > SESSION_IDLE_MINUTES * MINUTE || session.expiresAt.getTime() < Date.now() || !user || !user.active) {
        await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.familyId, session.familyId));
        throw sessionExpired();
      }
      // Only one of two concurrent refreshes with the same token may rotate it.
      const rotated = await db
        .update(sessions)
        .set({ rotatedAt: new Date() })
        .where(and(eq(sessions.id, session.id), isNull(sessions.rotatedAt)))
        .returning({ id: sessions.id });
      if (rotated.length === 0) throw sessionExpired();
      const next = await start(user, session.familyId, origin, new Date(session.expiresAt.getTime() - SESSION_MAX_HOURS * 60 * MINUTE));
      // Said again at each refresh, so a reloaded tab (or one whose admin just required it) goes to the enrolment.
      const mfaEnrolmentRequired = await mfaEnrolmentDueFor(db, user);
      return { accessToken: next.accessToken, refreshToken: next.refreshToken, user: toSessionUser(user), mfaEnrolmentRequired };
    },

    /** Ends the session the refresh token belongs to (all its rotations). */
    async logout(refreshToken: string | undefined, origin: RequestOrigin) {
      const [sessionId = ""] = (refreshToken ?? "").split(".");
      if (!isUuid(sessionId)) return;
      const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
      if (!session) return;
      await revokeFamily(session.familyId);
      await recordSecurityEvent(db, { type: "sign_out", outcome: "success", userId: session.userId }, origin);
    },

    /**
     * Whether the session behind an access token is still open (signed out or revoked sessions are not) and is the
     * token's user's: a token naming someone else's session is refused.
     */
    async isSessionOpen(sessionId: string, userId: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const [session] = await db
        .select({ revokedAt: sessions.revokedAt, userId: sessions.userId })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return !!session && session.revokedAt === null && session.userId === userId;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
