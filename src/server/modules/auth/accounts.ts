import { eq } from "drizzle-orm";
import type { SessionUser } from "../../../shared/auth.js";
import { mfaEnrolmentDue } from "../../../shared/security.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { readSecuritySettings } from "../../platform/site-settings.js";

export type UserRow = typeof users.$inferSelect;

/** The account as the browser's session knows it (no password hash, no secrets). */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    company: user.company,
    phone: user.phone,
    location: user.location,
    avatar: user.avatarUrl,
    isVerified: user.emailVerifiedAt !== null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    department: user.department,
    department_code: user.departmentCode,
    mfaEnabled: user.mfaEnabledAt !== null,
    timeZone: user.timeZone,
  };
}

/** Whether the security settings, now, require this account to turn two-step sign-in on before using the portal. */
export async function mfaEnrolmentDueFor(db: AppDb, user: UserRow): Promise<boolean> {
  return mfaEnrolmentDue(await readSecuritySettings(db), { role: user.role, mfaEnabled: user.mfaEnabledAt !== null });
}

/** Emails are stored lower-cased: any spelling finds the account. */
export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

export async function findUserById(db: AppDb, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
