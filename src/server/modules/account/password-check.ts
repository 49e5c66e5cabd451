import { eq } from "drizzle-orm";
import { accountMessages } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import { authMessages } from "../../../shared/auth.js";
import { productWording, wording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { verifyPassword } from "../auth/index.js";
import type { AccountDeps } from "./deps.js";

/** A missing or wrong two-step code where the password was asked for again (the form shows it beside the code). */
export const codeError = (message: string) => new ApiError(400, productWording.validationFailed, "validation_failed", { code: message });

export const wrongPassword = () =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { password: accountMessages.wrongPassword });

/** The signed-in user, if the password they typed again is theirs: a stolen session alone cannot change the account. */
export async function userWithPassword(db: AppDb, userId: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
  return { user, passwordMatches: await verifyPassword(user.passwordHash, password) };
}

/**
 * Refuses, through `fail` (which logs the refusal and throws), a wrong password, or a missing or wrong two-step code
 * when two-step sign-in is on: a stolen session and password alone cannot make the change.
 */
export async function requirePasswordAndCode(
  mfa: AccountDeps["mfa"],
  { user, passwordMatches }: Awaited<ReturnType<typeof userWithPassword>>,
  code: string | undefined,
  fail: (reason: string, error: ApiError) => Promise<never>,
) {
  if (!passwordMatches) return fail("wrong_password", wrongPassword());
  if (!user.mfaEnabledAt) return;
  if (!code) return fail("mfa_code_missing", codeError(authMessages.mfaRequired));
  if (!(await mfa.checkSecondFactor(user.id, code))) return fail("wrong_mfa_code", codeError(authMessages.invalidMfaCode));
}
