import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import {
  authMessages,
  type CompleteLoginResult,
  LOGIN_RATE_LIMIT,
  type SessionUser,
  VERIFICATION_CODE_LENGTH,
  type VerifyCredentialsResult,
  wrongCurrentPassword,
} from "../../../shared/auth.js";
import { dashboardPathFor, departmentCodeFor, GENERAL_USERS, type Role } from "../../../shared/departments.js";
import { productMessages } from "../../../shared/messages.js";
import type { AppDb } from "../../db/client.js";
import { securityEvents, sessions, users } from "../../db/schema.js";
import { escapeHtml, type Mailer } from "../../platform/mail.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { readSetting } from "../../platform/settings.js";
import type { AccessTokens } from "./access-tokens.js";
import type { MfaService } from "./mfa.js";
import { createOneTimeCodes } from "./one-time-codes.js";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.js";
import { randomDigits, randomToken, sameHash, sha256 } from "./secrets.js";

const MINUTE = 60_000;
/** SPEC §4: a session dies after 30 minutes without use. */
export const SESSION_IDLE_MINUTES = 30;
/** However active, a session ends after this long and the user signs in again. */
export const SESSION_MAX_HOURS = 12;
const LOGIN_TICKET_MINUTES = 2;
/** How long an emailed code (verification, reset, email change) stays valid. */
export const EMAIL_CODE_MINUTES = 15;

type UserRow = typeof users.$inferSelect;

type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  company: string;
  department?: string;
  isStaff: boolean;
  password: string;
};

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
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
  };
}

const unauthorized = (message: string, code: string) => new ApiError(401, message, code);

export function createAuthService(deps: { db: AppDb; mailer: Mailer; tokens: AccessTokens; mfa: MfaService; publicOrigin: string }) {
  const { db, mailer, tokens, mfa } = deps;

  async function findUserByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return user ?? null;
  }

  async function findUser(id: string) {
    // A malformed id is simply no user, not a database error.
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  }

  const { issue: issueCode, consume: consumeCode } = createOneTimeCodes(db);

  /** Sets a new password and ends the account's open sessions, but those of the device that keeps going (its family). */
  async function replacePassword(userId: string, newPassword: string, keptFamilyId?: string) {
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keptFamilyId ? ne(sessions.familyId, keptFamilyId) : undefined),
        );
    });
  }

  async function sendVerificationEmail(user: UserRow) {
    const code = await issueCode(user.id, "verify_email", randomDigits(VERIFICATION_CODE_LENGTH), EMAIL_CODE_MINUTES);
    await mailer.send({
      to: user.email,
      subject: `Your Crestbuild verification code: ${code}`,
      text: `Hello ${user.firstName},\n\nYour verification code is ${code}. It is valid for ${EMAIL_CODE_MINUTES} minutes.\n\nEnter it at ${deps.publicOrigin}/verify-email to confirm your email address.\n\nIf you did not create a Crestbuild account, ignore this email.`,
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Your verification code is <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong>. It is valid for ${EMAIL_CODE_MINUTES} minutes.</p><p>Enter it at <a href="${deps.publicOrigin}/verify-email">${deps.publicOrigin}/verify-email</a> to confirm your email address.</p><p>If you did not create a Crestbuild account, ignore this email.</p>`,
    });
  }

  /** Failed sign-ins in the rate-limit window for this account and for this address. */
  async function recentFailures(email: string, ipAddress: string) {
    const since = new Date(Date.now() - LOGIN_RATE_LIMIT.windowMinutes * MINUTE);
    const failedSignIn = and(
      eq(securityEvents.type, "sign_in"),
      eq(securityEvents.outcome, "failure"),
      gt(securityEvents.createdAt, since),
    );
    const [byAccount, byAddress] = await Promise.all([
      db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${securityEvents.createdAt})` })
        .from(securityEvents)
        .where(and(failedSignIn, eq(securityEvents.email, email))),
      db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${securityEvents.createdAt})` })
        .from(securityEvents)
        .where(and(failedSignIn, eq(securityEvents.ipAddress, ipAddress))),
    ]);
    return [byAccount[0], byAddress[0]].filter((row) => row && row.count >= LOGIN_RATE_LIMIT.attempts);
  }

  async function createSession(user: UserRow, familyId: string | null, origin: RequestOrigin, startedAt?: Date) {
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
    const accessToken = await tokens.sign({ userId: user.id, role: user.role as Role, department: user.department, sessionId: session.id });
    return { session, accessToken, refreshToken: `${session.id}.${secret}` };
  }

  return {
    findUser,

    async register(input: Registration, origin: RequestOrigin) {
      if (!(await readSetting(db, "registration_enabled", true))) {
        throw new ApiError(403, authMessages.registrationDisabled, "registration_disabled");
      }
      if (await findUserByEmail(input.email))
        throw new ApiError(409, authMessages.emailTaken, "email_taken", { email: authMessages.emailTaken });
      const department = input.isStaff && input.department ? input.department : GENERAL_USERS;
      const role: Role = input.isStaff ? "staff" : "user";
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
            approvedAt: role === "staff" ? null : new Date(),
            passwordHash,
          })
          .onConflictDoNothing()
          .returning();
        if (!user && (await findUserByEmail(input.email)))
          throw new ApiError(409, authMessages.emailTaken, "email_taken", { email: authMessages.emailTaken });
      }
      if (!user) throw new ApiError(500, authMessages.registrationFailed, "registration_failed");
      await recordSecurityEvent(db, { type: "registration", outcome: "success", userId: user.id, email: user.email }, origin);
      await sendVerificationEmail(user);
      return { userId: user.id, email: user.email, role, requiresApproval: role === "staff" };
    },

    async verifyEmail(email: string, code: string, origin: RequestOrigin) {
      const user = await findUserByEmail(email);
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
      const user = await findUserByEmail(email);
      if (user && !user.emailVerifiedAt) await sendVerificationEmail(user);
    },

    async verifyCredentials(email: string, password: string, origin: RequestOrigin): Promise<VerifyCredentialsResult> {
      const normalised = email.toLowerCase();
      const blocking = await recentFailures(normalised, origin.ipAddress);
      if (blocking.length > 0) {
        await recordSecurityEvent(db, { type: "lockout", outcome: "failure", email: normalised }, origin);
        const oldest = Math.min(...blocking.map((row) => new Date(row?.oldest ?? Date.now()).getTime()));
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_RATE_LIMIT.windowMinutes * MINUTE - Date.now()) / 1000));
        throw new ApiError(429, authMessages.tooManyLoginAttemptsServer, "too_many_attempts", {}, retryAfterSeconds);
      }
      const user = await findUserByEmail(normalised);
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
      const ticket = await issueCode(user.id, "login_ticket", randomToken(), LOGIN_TICKET_MINUTES);
      return { success: true, userId: user.id, department: user.department, ticket, mfaRequired: user.mfaEnabledAt !== null };
    },

    async completeLogin(userId: string, ticket: string, mfaCode: string | undefined, origin: RequestOrigin): Promise<CompleteLoginResult> {
      const user = await findUser(userId);
      if (!user) throw unauthorized(authMessages.invalidLoginTicket, "invalid_ticket");
      // The second factor is checked before the ticket is used up, so a mistyped code can be retried.
      if (user.mfaEnabledAt) {
        if (!mfaCode) throw unauthorized(authMessages.mfaRequired, "mfa_required");
        if (!(await mfa.checkSecondFactor(user.id, mfaCode))) {
          await recordSecurityEvent(
            db,
            { type: "sign_in", outcome: "failure", reason: "wrong_mfa_code", userId: user.id, email: user.email },
            origin,
          );
          throw unauthorized(authMessages.invalidMfaCode, "invalid_mfa_code");
        }
      }
      if (!(await consumeCode(user.id, "login_ticket", ticket))) throw unauthorized(authMessages.invalidLoginTicket, "invalid_ticket");
      const { accessToken, refreshToken } = await createSession(user, null, origin);
      const [signedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
      await recordSecurityEvent(db, { type: "sign_in", outcome: "success", userId: user.id, email: user.email }, origin);
      return {
        user: toSessionUser(signedIn ?? user),
        dashboard: dashboardPathFor({ role: user.role as Role, department: user.department }),
        accessToken,
        refreshToken,
      };
    },

    /** Swaps a refresh token for a new pair; an already-swapped token revokes its whole session family. */
    async refresh(refreshToken: string, origin: RequestOrigin) {
      const [sessionId = "", secret = ""] = refreshToken.split(".");
      const expired = unauthorized(authMessages.sessionExpired, "session_expired");
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw expired;
      const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
      if (!session || !sameHash(session.tokenHash, sha256(secret))) throw expired;
      if (session.rotatedAt || session.revokedAt) {
        await db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
        if (session.rotatedAt) {
          await recordSecurityEvent(
            db,
            { type: "refresh_reuse", outcome: "failure", reason: "rotated token presented again", userId: session.userId },
            origin,
          );
        }
        throw expired;
      }
      const idleSince = Date.now() - session.lastUsedAt.getTime();
      const user = await findUser(session.userId);
      if (idleSince > SESSION_IDLE_MINUTES * MINUTE || session.expiresAt.getTime() < Date.now() || !user || !user.active) {
        await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.familyId, session.familyId));
        throw expired;
      }
      // Only one of two concurrent refreshes with the same token may rotate it.
      const rotated = await db
        .update(sessions)
        .set({ rotatedAt: new Date() })
        .where(and(eq(sessions.id, session.id), isNull(sessions.rotatedAt)))
        .returning({ id: sessions.id });
      if (rotated.length === 0) throw expired;
      const next = await createSession(
        user,
        session.familyId,
        origin,
        new Date(session.expiresAt.getTime() - SESSION_MAX_HOURS * 60 * MINUTE),
      );
      return { accessToken: next.accessToken, refreshToken: next.refreshToken, user: toSessionUser(user) };
    },

    /** Ends the session the refresh token belongs to (all its rotations). */
    async logout(refreshToken: string | undefined, origin: RequestOrigin) {
      const [sessionId = ""] = (refreshToken ?? "").split(".");
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return;
      const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
      if (!session) return;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
      await recordSecurityEvent(db, { type: "sign_out", outcome: "success", userId: session.userId }, origin);
    },

    /** Whether the session behind an access token is still open (signed out or revoked sessions are not). */
    async isSessionOpen(sessionId: string): Promise<boolean> {
      const [session] = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
      return !!session && session.revokedAt === null;
    },

    /** Emails a reset code when the address has an account; the caller answers the same either way. */
    async requestPasswordReset(email: string, origin: RequestOrigin) {
      const user = await findUserByEmail(email);
      if (!user) return;
      const code = await issueCode(user.id, "password_reset", randomDigits(VERIFICATION_CODE_LENGTH), EMAIL_CODE_MINUTES);
      await recordSecurityEvent(db, { type: "password_reset_requested", outcome: "success", userId: user.id, email: user.email }, origin);
      await mailer.send({
        to: user.email,
        subject: `Your Crestbuild password reset code: ${code}`,
        text: `Hello ${user.firstName},\n\nYour password reset code is ${code}. It is valid for ${EMAIL_CODE_MINUTES} minutes.\n\nIf you did not ask to reset your password, ignore this email: your password stays as it is.`,
        html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Your password reset code is <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong>. It is valid for ${EMAIL_CODE_MINUTES} minutes.</p><p>If you did not ask to reset your password, ignore this email: your password stays as it is.</p>`,
      });
    },

    /** Sets a new password with an emailed code and signs the account out everywhere. */
    async resetPassword(email: string, code: string, newPassword: string, origin: RequestOrigin) {
      const user = await findUserByEmail(email);
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
    },

    /** Changes the password of a signed-in user, who must know the current one; other sessions end. */
    async changePassword(userId: string, sessionId: string, currentPassword: string, newPassword: string, origin: RequestOrigin) {
      const user = await findUser(userId);
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        await recordSecurityEvent(db, { type: "password_change", outcome: "failure", reason: "wrong_current_password", userId }, origin);
        throw new ApiError(400, productMessages.validationFailed, "validation_failed", { currentPassword: wrongCurrentPassword });
      }
      const [current] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId));
      await replacePassword(user.id, newPassword, current?.familyId);
      await recordSecurityEvent(db, { type: "password_change", outcome: "success", userId: user.id, email: user.email }, origin);
    },

    async updateProfile(
      userId: string,
      changes: { firstName?: string; lastName?: string; phone?: string; location?: string; company?: string },
    ) {
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw new ApiError(404, "Account not found.", "not_found");
      return toSessionUser(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
