import { ApiError } from "../../../shared/api";
import { authMessages } from "../../../shared/auth-messages";

/** Sign-in wording (docs/product.md#wording) that only the browser shows. */
export const loginMessages = {
  incorrect: "Email or password is incorrect. Please try again.",
  invalidInput: "Invalid email or password. Please try again.",
  verifyFailed: "Failed to verify credentials",
  completeNetwork: "Network connection issue. Please check your internet connection and try again.",
  completeSlow: "Server is taking too long to respond. Please try again in a moment.",
  completeUnavailable: "Authentication service is temporarily unavailable. Please try again later.",
  completeInvalid: "Invalid credentials. Please check your email and password.",
  completeDenied: "Access denied. Please contact your administrator.",
} as const;

export type LoginFailure = {
  message: string;
  /** The password was right but the email address is not confirmed yet: offer the code screen. */
  unverifiedEmail?: boolean;
  /** The attempt counts towards the browser's limit of docs/product.md#validation (the credentials were wrong). */
  counts?: boolean;
};

/** What to tell the user when step 1 (verify-credentials) fails. */
export function credentialsFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { message: authMessages.loginFailed };
  switch (error.status) {
    case 0:
    case 408:
      return { message: error.message };
    case 400:
      return { message: loginMessages.invalidInput };
    case 401:
      return error.code === "account_deactivated"
        ? { message: authMessages.accountDeactivated, counts: true }
        : { message: loginMessages.incorrect, counts: true };
    case 403:
      return error.code === "email_not_verified"
        ? { message: authMessages.emailNotConfirmed, unverifiedEmail: true }
        : { message: error.message || authMessages.pendingApproval };
    case 429:
      // The server says the real wait; a refusal by the address limit says it in seconds.
      return { message: error.message || authMessages.loginFailed };
  }
  return { message: error.status >= 500 ? loginMessages.verifyFailed : authMessages.loginFailed };
}

const secondStepCodes = new Set(["invalid_ticket", "mfa_required", "invalid_mfa_code"]);

export const isExpiredTicket = (error: unknown) => error instanceof ApiError && error.code === "invalid_ticket";

/** A wrong authenticator code counts as a failed sign-in, in the browser as on the server. */
export const isWrongSecondFactor = (error: unknown) => error instanceof ApiError && error.code === "invalid_mfa_code";

/** What to tell the user when step 2 (complete-login) fails. */
export function completeLoginFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return authMessages.completeLoginFailed;
  if (error.status === 0) return loginMessages.completeNetwork;
  if (error.status === 408 || error.status === 504) return loginMessages.completeSlow;
  if (error.status === 502 || error.status === 503) return loginMessages.completeUnavailable;
  // The ticket expired, or the authenticator code is missing or wrong: the server's message says what to do.
  if (error.status === 401) return secondStepCodes.has(error.code ?? "") ? error.message : loginMessages.completeInvalid;
  if (error.status === 403) return loginMessages.completeDenied;
  return authMessages.completeLoginFailed;
}

/** docs/product.md#sign-in: complete-login is tried once more after its retries, unless the server's answer was final. */
export function worthAnotherTry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
}
