import { dictionary } from "@zxcvbn-ts/language-common";
import { ApiError } from "../../shared/api.js";
import { commonPasswordMessage, passwordTooShortFor } from "../../shared/security.js";
import { productWording } from "../../shared/wording.js";
import type { AppDb } from "../db/client.js";
import { readSecuritySettings } from "./site-settings.js";

/** How many of the most common passwords are refused (zxcvbn-ts's list is ordered by frequency; shipped, no network). */
export const COMMON_PASSWORDS_REFUSED = 10_000;
let common: Set<string> | null = null;
const commonPasswords = () => {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED));
  return common;
};

/**
 * The admin's password policy (the minimum length, and the most common passwords refused unless turned off),
 * checked wherever a password is chosen; a refusal names the form's field, as a validation failure does.
 */
export async function checkPasswordPolicy(db: AppDb, password: string, field: string): Promise<void> {
  const policy = await readSecuritySettings(db);
  const refuse = (message: string) => new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: message });
  if (password.length < policy.passwordMinLength) throw refuse(passwordTooShortFor(policy.passwordMinLength));
  if (policy.refuseCommonPasswords && commonPasswords().has(password.toLowerCase())) throw refuse(commonPasswordMessage);
}
