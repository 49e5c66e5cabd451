import { and, eq, isNull } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { ApiError } from "../../../shared/api.js";
import { authMessages } from "../../../shared/auth.js";
import type { AppDb } from "../../db/client.js";
import { mfaRecoveryCodes, users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { randomDigits, sha256 } from "./secrets.js";

const ISSUER = "Crestbuild";
const RECOVERY_CODE_COUNT = 10;
/** One 30-second step either side, for phone clocks that drift. */
const CLOCK_TOLERANCE_SECONDS = 30;

const invalidCode = () => new ApiError(400, authMessages.invalidMfaCode, "invalid_mfa_code", { code: authMessages.invalidMfaCode });

/** Multi-factor sign-in with an authenticator app (TOTP) and one-time recovery codes. */
export function createMfaService(db: AppDb) {
  async function userById(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, "Account not found.", "not_found");
    return user;
  }

  async function totpMatches(secret: string, code: string) {
    if (!/^\d{6}$/.test(code)) return false;
    return (await verify({ secret, token: code, epochTolerance: CLOCK_TOLERANCE_SECONDS })).valid;
  }

  /** Uses up a recovery code if it is one of the account's unused ones. */
  async function consumeRecoveryCode(userId: string, code: string) {
    const used = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          eq(mfaRecoveryCodes.codeHash, sha256(code.replace(/\s|-/g, ""))),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return used.length > 0;
  }

  return {
    /** Whether the code (from the app, or a recovery code) proves the second factor of an enrolled account. */
    async checkSecondFactor(userId: string, code: string): Promise<boolean> {
      const user = await userById(userId);
      if (!user.mfaSecret || !user.mfaEnabledAt) return true;
      return (await totpMatches(user.mfaSecret, code)) || (await consumeRecoveryCode(userId, code));
    },

    /** Starts enrolment: a new secret, as text and as a QR code for the authenticator app. */
    async enroll(userId: string) {
      const user = await userById(userId);
      if (user.mfaEnabledAt) throw new ApiError(409, "Two-step sign-in is already on for this account.", "mfa_already_enabled");
      const secret = generateSecret();
      await db.update(users).set({ mfaSecret: secret, updatedAt: new Date() }).where(eq(users.id, userId));
      const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
      return { secret, otpauthUri, qrCodeSvg: await QRCode.toString(otpauthUri, { type: "svg", margin: 1 }) };
    },

    /** Finishes enrolment with a first code from the app; hands out the recovery codes, once. */
    async confirm(userId: string, code: string, origin: RequestOrigin) {
      const user = await userById(userId);
      if (!user.mfaSecret || user.mfaEnabledAt) throw new ApiError(409, "Start the set-up of two-step sign-in first.", "mfa_not_pending");
      if (!(await totpMatches(user.mfaSecret, code))) throw invalidCode();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomDigits(10));
      await db.transaction(async (tx) => {
        await tx.update(users).set({ mfaEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
        await tx.insert(mfaRecoveryCodes).values(recoveryCodes.map((recovery) => ({ userId, codeHash: sha256(recovery) })));
      });
      await recordSecurityEvent(db, { type: "mfa_enrolled", outcome: "success", userId, email: user.email }, origin);
      return { recoveryCodes };
    },

    /** Turns two-step sign-in off; needs a current code, so a stolen session alone cannot do it. */
    async unenroll(userId: string, code: string, origin: RequestOrigin) {
      const user = await userById(userId);
      if (!user.mfaSecret || !user.mfaEnabledAt) throw new ApiError(409, "Two-step sign-in is not on for this account.", "mfa_not_enabled");
      if (!((await totpMatches(user.mfaSecret, code)) || (await consumeRecoveryCode(userId, code)))) {
        await recordSecurityEvent(
          db,
          { type: "mfa_removed", outcome: "failure", reason: "invalid_code", userId, email: user.email },
          origin,
        );
        throw invalidCode();
      }
      await db.transaction(async (tx) => {
        await tx.update(users).set({ mfaSecret: null, mfaEnabledAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      });
      await recordSecurityEvent(db, { type: "mfa_removed", outcome: "success", userId, email: user.email }, origin);
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
