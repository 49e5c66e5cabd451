import type { AuthenticatorTransport } from "@simplewebauthn/server";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, count, eq, gt, isNull, lt } from "drizzle-orm";
import type { CompleteLoginResult } from "../../../../shared/auth.js";
import { type PasskeySummary, passkeyMessages } from "../../../../shared/passkeys.js";
import type { AppDb } from "../../../db/client.js";
import { passkeyChallenges, passkeys, userIdentities, users } from "../../../db/schema.js";
import { ApiError } from "../../../platform/envelope.js";
import { type RequestOrigin, recordSecurityEvent } from "../../../platform/security-log.js";
import { findUserById, type UserRow } from "../accounts.js";
import { sha256 } from "../secrets.js";

const CHALLENGE_MINUTES = 5;
const MAX_PASSKEYS = 20;

/** What a challenge may be answered for: a challenge handed out for one can never be used for another. */
type ChallengePurpose = (typeof passkeyChallenges.$inferInsert)["purpose"] & string;
type PasskeyRow = typeof passkeys.$inferSelect;

type Deps = {
  db: AppDb;
  publicOrigin: string;
  openSignedInSession: (user: UserRow, origin: RequestOrigin, method?: string) => Promise<Required<CompleteLoginResult>>;
};

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): discoverable credentials with user verification, so a passkey sign-in
 * is two factors (something held, something known or are) and opens the session without the TOTP step.
 * The relying party is PUBLIC_ORIGIN's host; the origin, RP id, challenge (single use) and counter are checked.
 */
export function createPasskeys({ db, publicOrigin, openSignedInSession }: Deps) {
  const rpID = new URL(publicOrigin).hostname;
  const refused = () => new ApiError(401, passkeyMessages.notRecognised, "passkey_refused");

  async function keepChallenge(challenge: string, userId: string | null, purpose: ChallengePurpose) {
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
    await db
      .insert(passkeyChallenges)
      .values({ challengeHash: sha256(challenge), userId, purpose, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
  }

  /** Uses up a challenge handed out to this user (or for a sign-in) for this purpose: once, however many requests race. */
  const consumeChallenge = (userId: string | null, purpose: ChallengePurpose) => async (challenge: string) => {
    const used = await db
      .update(passkeyChallenges)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(passkeyChallenges.challengeHash, sha256(challenge)),
          isNull(passkeyChallenges.consumedAt),
          gt(passkeyChallenges.expiresAt, new Date()),
          eq(passkeyChallenges.purpose, purpose),
          userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
        ),
      )
      .returning({ id: passkeyChallenges.id });
    return used.length === 1;
  };

  /** Whether the response is this passkey's signature over a challenge handed out for the purpose; its counter then moves on. */
  async function assertionVerifies(
    key: PasskeyRow,
    response: AuthenticationResponseJSON,
    expectedChallenge: (challenge: string) => Promise<boolean>,
  ) {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: publicOrigin,
      expectedRPID: rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        transports: key.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return false;
    await db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, key.id));
    return true;
  }

  const summaryOf = (row: PasskeyRow): PasskeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

  return {
    async list(userId: string): Promise<PasskeySummary[]> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
      return rows.map(summaryOf);
    },

    /** Options to add a passkey: only asked for once the step-up proof passed (routes.ts), which the challenge stands for. */
    async registrationOptions(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(401, passkeyMessages.notRecognised, "passkey_refused");
      const existing = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
      if (existing.length >= MAX_PASSKEYS) throw new ApiError(400, passkeyMessages.tooMany, "too_many_passkeys");
      const options = await generateRegistrationOptions({
        rpName: "Crestbuild",
        rpID,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      await keepChallenge(options.challenge, userId, "add");
      return options;
    },

    async register(userId: string, name: string, response: RegistrationResponseJSON, origin: RequestOrigin): Promise<PasskeySummary> {
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: consumeChallenge(userId, "add"),
          expectedOrigin: publicOrigin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        throw new ApiError(400, passkeyMessages.notAdded, "passkey_not_added");
      }
      if (!verification.verified) throw new ApiError(400, passkeyMessages.notAdded, "passkey_not_added");
      const { credential } = verification.registrationInfo;
      const [row] = await db
        .insert(passkeys)
        .values({
          id: credential.id,
          userId,
          name,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError(409, passkeyMessages.alreadyAdded, "passkey_exists");
      await recordSecurityEvent(db, { type: "passkey_added", outcome: "success", reason: name, userId }, origin);
      return summaryOf(row);
    },

    async remove(userId: string, passkeyId: string, origin: RequestOrigin) {
      const outcome = await db.transaction(async (tx) => {
        const [account] = await tx.select({ hasPassword: users.hasPassword }).from(users).where(eq(users.id, userId)).for("update");
        const [key] = await tx
          .select()
          .from(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
        if (!account || !key) return "not_found" as const;
        const [identities] = await tx.select({ n: count() }).from(userIdentities).where(eq(userIdentities.userId, userId));
        const [keys] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
        if (!account.hasPassword && (identities?.n ?? 0) === 0 && (keys?.n ?? 0) <= 1) return "last_method" as const;
        await tx.delete(passkeys).where(eq(passkeys.id, key.id));
        return key.name;
      });
      if (outcome === "not_found") throw new ApiError(404, passkeyMessages.notFound, "passkey_not_found");
      if (outcome === "last_method") throw new ApiError(409, passkeyMessages.lastSignInMethod, "last_sign_in_method");
      await recordSecurityEvent(db, { type: "passkey_removed", outcome: "success", reason: outcome, userId }, origin);
    },

    /** A challenge for one of the user's own passkeys, to prove it is them before a change (step-up.ts). */
    async stepUpOptions(userId: string) {
      const keys = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
      if (keys.length === 0) throw new ApiError(404, passkeyMessages.notFound, "passkey_not_found");
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "required",
        allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] })),
      });
      await keepChallenge(options.challenge, userId, "step_up");
      return options;
    },

    /** Whether the response answers a step-up challenge of this user with one of their own passkeys. */
    async provesUser(userId: string, response: AuthenticationResponseJSON): Promise<boolean> {
      const [key] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
      if (!key) return false;
      try {
        return await assertionVerifies(key, response, consumeChallenge(userId, "step_up"));
      } catch {
        return false;
      }
    },

    /** Sign-in: any discoverable passkey of this site (the browser offers them, also as autofill). */
    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
      await keepChallenge(options.challenge, null, "sign_in");
      return options;
    },

    async signIn(response: AuthenticationResponseJSON, origin: RequestOrigin): Promise<Required<CompleteLoginResult>> {
      const [key] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
      const user = key ? await findUserById(db, key.userId) : null;
      const fail = async (reason: string, error = refused()) => {
        await recordSecurityEvent(
          db,
          { type: "sign_in", outcome: "failure", reason: `passkey: ${reason}`, userId: user?.id, email: user?.email },
          origin,
        );
        throw error;
      };
      if (!key || !user) return fail("unknown credential");
      let verified: boolean;
      try {
        verified = await assertionVerifies(key, response, consumeChallenge(null, "sign_in"));
      } catch (error) {
        return fail(error instanceof Error ? error.message.slice(0, 200) : "verification failed");
      }
      if (!verified) return fail("not verified");
      if (!user.active) return fail("blocked", new ApiError(401, passkeyMessages.accountDeactivated, "account_deactivated"));
      if (!user.approvedAt) return fail("pending_approval", new ApiError(403, passkeyMessages.pendingApproval, "pending_approval"));
      return openSignedInSession(user, origin, "passkey");
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
