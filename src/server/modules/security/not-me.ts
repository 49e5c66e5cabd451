import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { securityMessages } from "../../../shared/security.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { createOneTimeCodes } from "../auth/index.js";
import { NOT_ME_PURPOSE } from "./notices.js";

/**
 * The 'this wasn't me' link of a security notice: it ends every session of the account and emails a password reset
 * code, so whoever did it is out and the owner chooses a new password (the page goes on to /forgot-password).
 */
export function createNotMe(deps: { db: AppDb; requestPasswordReset: (email: string, origin: RequestOrigin) => Promise<void> }) {
  const { db } = deps;
  const codes = createOneTimeCodes(db);
  return {
    async use(userId: string, token: string, origin: RequestOrigin): Promise<{ email: string }> {
      const refused = new ApiError(410, securityMessages.notMeInvalid, "link_expired");
      if (!isUuid(userId) || !(await codes.consume(userId, NOT_ME_PURPOSE, token))) {
        await recordSecurityEvent(db, { type: "not_me", outcome: "failure", userId: isUuid(userId) ? userId : null }, origin);
        throw refused;
      }
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) throw refused;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await recordSecurityEvent(db, { type: "not_me", outcome: "success", userId, email: user.email }, origin);
      await deps.requestPasswordReset(user.email, origin);
      return { email: user.email };
    },
  };
}
