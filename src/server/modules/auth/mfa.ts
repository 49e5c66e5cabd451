import { and, eq, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { accountMessages } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import { authMessages } from "../../../shared/auth.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { mfaRecoveryCodes, users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { randomDigits, sha256 } from "./secrets.js";
import { createSignInAttempts } from "./sign-in-attempts.js";
import type { TotpSecrets } from "./totp-secrets.js";

const ISSUER = "Crestbuild";
const RECOVERY_CODE_COUNT = 10;
/** One 30-second step either side, for phone clocks that drift. */
const CLOCK_TOLERANCE_SECONDS = 30;

const wrongPassword = () =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { password: accountMessages.wrongPassword });
const invalidCode = () => new ApiError(400, authMessages.invalidMfaCode, "invalid_mfa_code", { code: authMessages.invalidMfaCode });

/** Multi-factor sign-in with an authenticator app (TOTP, its secret stored sealed) and one-time recovery codes. */
export function createMfaService(db: AppDb, totpSecrets: TotpSecrets) {
  const attempts = createSignInAttempts(db);

  async function userById(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, "Account not found.", "not_found");
    return user;
  }

  /** The account, once its current password is proved (a wrong one counts like a failed sign-in). */
  async function userWithPassword(userId: string, password: string, origin: RequestOrigin) {
    const user = await userById(userId);
    if (!(await attempts.passwordMatches(user, password, origin))) throw wrongPassword();
    return user;
  }

  /** Ten new recovery codes in place of the old ones; answered in clear, once. */
  async function replaceRecoveryCodes(executor: Pick<AppDb, "delete" | "insert">, userId: string) {
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomDigits(10));
    await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await executor.insert(mfaRecoveryCodes).values(recoveryCodes.map((recovery) => ({ userId, codeHash: sha256(recovery) })));
    return recoveryCodes;
  }

  /**
   * Whether the code is the app's current one and was not accepted before: the accepted step is recorded in the
   * same statement that checks it is newer than the last one, so a code (even sent twice at once) works once.
   */
  async function acceptTotp(user: { id: string; mfaSecret: string | null; mfaLastTotpStep: number | null }, code: string) {
    const secret = user.mfaSecret && totpSecrets.open(user.id, user.mfaSecret);
    if (!secret || !/^\d{6}$/.test(code)) return false;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(user.mfaLastTotpStep === null ? {} : { afterTimeStep: user.mfaLastTotpStep }),
    });
    // A TOTP answer carries its time step (the union also covers HOTP, which has none).
    if (!result.valid || !("timeStep" in result)) return false;
    const recorded = await db
      .update(users)
      .set({ mfaLastTotpStep: result.timeStep })
      .where(and(eq(users.id, user.id), or(isNull(users.mfaLastTotpStep), lt(users.mfaLastTotpStep, result.timeStep))))
      .returning({ id: users.id });
    return recorded.length > 0;
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
      return (await acceptTotp(user, code)) || (await consumeRecoveryCode(userId, code));
    },

    /** Starts enrolment (with the current password): a new secret, as text and as a QR code for the authenticator app. */
    async enroll(userId: string, password: string, origin: RequestOrigin) {
      const user = await userWithPassword(userId, password, origin);
      if (user.mfaEnabledAt) throw new ApiError(409, "Two-step sign-in is already on for this account.", "mfa_already_enabled");
      const secret = generateSecret();
      await db
        .update(users)
        .set({ mfaSecret: totpSecrets.seal(userId, secret), mfaLastTotpStep: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
      return { secret, otpauthUri, qrCodeSvg: await QRCode.toString(otpauthUri, { type: "svg", margin: 1 }) };
    },

    /** Finishes enrolment with a first code from the app; hands out the recovery codes, once. */
    async confirm(userId: string, code: string, origin: RequestOrigin) {
      const user = await userById(userId);
      if (!user.mfaSecret || user.mfaEnabledAt) throw new ApiError(409, "Start the set-up of two-step sign-in first.", "mfa_not_pending");
      if (!(await acceptTotp(user, code))) throw invalidCode();
      const recoveryCodes = await db.transaction(async (tx) => {
        await tx.update(users).set({ mfaEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
        return replaceRecoveryCodes(tx, userId);
      });
      await recordSecurityEvent(db, { type: "mfa_enrolled", outcome: "success", userId, email: user.email }, origin);
      return { recoveryCodes };
    },

    /** New recovery codes (the old ones stop working); asked for only once the step-up proof passed (step-up.ts). */
    async regenerateRecoveryCodes(userId: string, origin: RequestOrigin) {
      const user = await userById(userId);
      if (!user.mfaEnabledAt) throw new ApiError(409, "Two-step sign-in is not on for this account.", "mfa_not_enabled");
      const recoveryCodes = await replaceRecoveryCodes(db, userId);
      await recordSecurityEvent(db, { type: "mfa_recovery_codes_replaced", outcome: "success", userId, email: user.email }, origin);
      return { recoveryCodes };
    },

    /** Turns two-step sign-in off; needs the current password and a current code, so a stolen session alone cannot. */
    async unenroll(userId: string, password: string, code: string, origin: RequestOrigin) {
      const user = await userWithPassword(userId, password, origin);
      if (!user.mfaSecret || !user.mfaEnabledAt) throw new ApiError(409, "Two-step sign-in is not on for this account.", "mfa_not_enabled");
      if (!((await acceptTotp(user, code)) || (await consumeRecoveryCode(userId, code)))) {
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
