import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, eq, gte, max, min, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { authMessages, wrongCurrentPassword } from "../../../shared/auth.js";
import type { SecurityEventType } from "../../../shared/security-events.js";
import { FRESH_PROVIDER_SIGN_IN_MINUTES, type StepUpProof, stepUpMessages } from "../../../shared/step-up.js";
import { productWording, wording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { sessions, userIdentities } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { findUserById, type UserRow } from "./accounts.js";
import type { MfaService } from "./mfa.js";
import { createSignInAttempts } from "./sign-in-attempts.js";

const fieldError = (field: string, message: string) =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: message });

type Deps = {
  db: AppDb;
  mfa: Pick<MfaService, "checkSecondFactor">;
  /** Whether a passkey assertion answers a step-up challenge of this user (passkeys/service.ts). */
  passkeyProvesUser: (userId: string, response: AuthenticationResponseJSON) => Promise<boolean>;
};

/**
 * The fresh proof before a new way into the account is added (docs/decisions/112-step-up-proof.md): a stolen access
 * token alone cannot add a passkey, link a provider or make new recovery codes. The password (and the second factor
 * when it is on) is checked as a sign-in is, so each wrong guess counts toward the sign-in lockout.
 */
export function createStepUp({ db, mfa, passkeyProvesUser }: Deps) {
  const attempts = createSignInAttempts(db);

  /** The session was opened by a sign-in through a linked provider moments ago (its family began after that sign-in). */
  async function freshProviderSignIn(userId: string, sessionId: string): Promise<boolean> {
    const since = new Date(Date.now() - FRESH_PROVIDER_SIGN_IN_MINUTES * 60_000);
    // An identity's first sign-in (the one that opened the account) links it without marking it used.
    const signedInAt = sql<Date>`coalesce(${userIdentities.lastUsedAt}, ${userIdentities.createdAt})`;
    const [provider] = await db
      .select({ at: max(signedInAt).mapWith(userIdentities.createdAt) })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), gte(signedInAt, since)));
    if (!provider?.at) return false;
    const [current] = await db.select({ familyId: sessions.familyId }).from(sessions).where(eq(sessions.id, sessionId));
    if (!current) return false;
    const [family] = await db
      .select({ startedAt: min(sessions.createdAt) })
      .from(sessions)
      .where(and(eq(sessions.familyId, current.familyId), eq(sessions.userId, userId)));
    return !!family?.startedAt && family.startedAt >= provider.at;
  }

  /** The password, and the code when two-step sign-in is on, both counted like a sign-in. */
  async function provePassword(
    user: UserRow,
    proof: StepUpProof,
    origin: RequestOrigin,
    fail: (reason: string, error: ApiError) => Promise<never>,
  ) {
    if (!proof.password) throw fieldError("password", stepUpMessages.passwordRequired);
    // Asked for before the password is checked, so a missing code tells nothing about the password.
    if (user.mfaEnabledAt && !proof.code) throw fieldError("code", stepUpMessages.codeRequired);
    if (!(await attempts.passwordMatches(user, proof.password, origin))) {
      return fail("wrong_password", fieldError("password", wrongCurrentPassword));
    }
    if (!user.mfaEnabledAt || !proof.code) return;
    // A code guess is a sign-in attempt: counted before it is checked, like a password.
    const keys = await attempts.takeOrRefuse(user.email, origin);
    if (!(await mfa.checkSecondFactor(user.id, proof.code))) {
      return fail(
        "wrong_mfa_code",
        new ApiError(400, authMessages.invalidMfaCode, "invalid_mfa_code", { code: authMessages.invalidMfaCode }),
      );
    }
    await attempts.giveBack(keys);
  }

  return {
    /**
     * Throws unless the proof is fresh: the password (+ code) of an account that has one; otherwise an answer to a
     * passkey challenge or a provider sign-in in the last minutes. A refusal is logged as a failed `action`.
     */
    async prove(caller: { userId: string; sessionId: string }, proof: StepUpProof, action: SecurityEventType, origin: RequestOrigin) {
      const user = await findUserById(db, caller.userId);
      if (!user) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
      const fail = async (reason: string, error: ApiError): Promise<never> => {
        await recordSecurityEvent(
          db,
          { type: action, outcome: "failure", reason: `step-up: ${reason}`, userId: user.id, email: user.email },
          origin,
        );
        throw error;
      };
      if (user.hasPassword) return provePassword(user, proof, origin, fail);
      if (proof.passkey) {
        if (await passkeyProvesUser(user.id, proof.passkey as unknown as AuthenticationResponseJSON)) return;
        return fail("passkey_refused", new ApiError(403, stepUpMessages.proofRequired, "step_up_required"));
      }
      if (await freshProviderSignIn(user.id, caller.sessionId)) return;
      return fail("no_fresh_proof", new ApiError(403, stepUpMessages.proofRequired, "step_up_required"));
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
