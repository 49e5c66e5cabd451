import { and, desc, eq, gt, inArray, isNull, min, ne } from "drizzle-orm";
import { accountMessages, type DeviceSession } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import { isUuid } from "../../../shared/uuid.js";
import { sessions } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { SESSION_IDLE_MINUTES } from "../auth/index.js";
import type { AccountDeps } from "./deps.js";

/**
 * The devices a user is signed in on. A device is a session family: the sign-in and each refresh
 * that replaced its token; its id is the family id and its live row is the one not yet rotated.
 */
export function createDevices({ db }: Pick<AccountDeps, "db">) {
  async function familyOf(sessionId: string) {
    const [session] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId));
    return session?.familyId ?? null;
  }

  return {
    /** Open sessions (not signed out, not expired, not idle too long), the most recently used first. */
    async list(userId: string, currentSessionId: string): Promise<DeviceSession[]> {
      const currentFamily = await familyOf(currentSessionId);
      const rows = await db
        .select({
          familyId: sessions.familyId,
          lastUsedAt: sessions.lastUsedAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            isNull(sessions.rotatedAt),
            gt(sessions.expiresAt, new Date()),
            gt(sessions.lastUsedAt, new Date(Date.now() - SESSION_IDLE_MINUTES * 60_000)),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt));
      if (rows.length === 0) return [];
      // A device signed in when the first session of its family was made.
      const firstRows = await db
        .select({ familyId: sessions.familyId, signedInAt: min(sessions.createdAt) })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            inArray(
              sessions.familyId,
              rows.map((row) => row.familyId),
            ),
          ),
        )
        .groupBy(sessions.familyId);
      const signedInAt = new Map(firstRows.map((row) => [row.familyId, row.signedInAt]));
      return rows.map((row) => ({
        id: row.familyId,
        createdAt: (signedInAt.get(row.familyId) ?? row.lastUsedAt).toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        current: row.familyId === currentFamily,
      }));
    },

    /** 'Sign out everywhere else': every device of the user but the one asking. */
    async revokeOthers(userId: string, currentSessionId: string, origin: RequestOrigin): Promise<void> {
      const currentFamily = await familyOf(currentSessionId);
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), currentFamily ? ne(sessions.familyId, currentFamily) : undefined),
        )
        .returning({ familyId: sessions.familyId });
      const devices = new Set(revoked.map((row) => row.familyId)).size;
      await recordSecurityEvent(
        db,
        { type: "session_revoked", outcome: "success", userId, reason: `every other device (${devices})` },
        origin,
      );
    },

    /** Signs one of the user's own devices out; another user's session is "not found". */
    async revoke(userId: string, deviceId: string, origin: RequestOrigin): Promise<void> {
      const notFound = new ApiError(404, accountMessages.sessionNotFound, "not_found");
      if (!isUuid(deviceId)) throw notFound;
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), eq(sessions.familyId, deviceId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (revoked.length === 0) throw notFound;
      await recordSecurityEvent(db, { type: "session_revoked", outcome: "success", userId, reason: `device ${deviceId}` }, origin);
    },
  };
}
