/**
 * The wording and limits of accounts and sign-in, without zod: the sign-in screens say them at first load, and the
 * schemas that use them (auth.ts) are loaded only when a form is first checked. The wording is docs/product.md#wording's.
 */
export const authMessages = {
  invalidCredentialsInput: "Please enter valid credentials",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password should be at least 6 characters long.",
  invalidResetCode: "Invalid or expired reset code",
  emailTaken: "An account with this email already exists. Please try logging in instead.",
  registrationDisabled: "New registrations are currently disabled. Please contact support.",
  registrationFailed: "Registration failed. Please try again.",
  invalidCredentials: "Invalid credentials",
  accountDeactivated: "Account is deactivated",
  emailNotConfirmed: "Please check your email and confirm your account before logging in.",
  loginFailed: "Login failed. Please try again.",
  completeLoginFailed: "Authentication failed. Please try again.",
  noAccountForEmail: "No account found with this email address",
  resetEmailFailed: "Failed to send reset email. Please try again.",
  resetFailed: "Failed to reset password. Please try again.",
  /** Our wording where docs/product.md#wording has none. */
  pendingApproval: "Your staff account is waiting for approval by an administrator. You will be emailed when it is approved.",
  invalidVerificationCode: "That code is not valid or has expired. Request a new one and try again.",
  invalidLoginTicket: "Your sign-in step has expired. Please enter your email and password again.",
  sessionExpired: "Your session has expired. Please sign in again.",
  mfaRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  invalidMfaCode: "That code is not valid. Check your authenticator app and try again.",
  invalidTimeZone: "Choose a time zone from the list, such as Africa/Lagos or Europe/London.",
} as const;

/** A sign-in refused by a limit, with the real minutes left (rounded up): the server's 429 and the browser's own block say it. */
export const tooManyLoginAttempts = (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`;

/** docs/product.md#validation: the browser blocks sign-in after 5 attempts within 15 minutes. */
export const LOGIN_RATE_LIMIT = { attempts: 5, windowMinutes: 15 } as const;

/**
 * The server's sign-in limits, failures counted in one fixed window (docs/decisions/114-sign-in-limits-per-account-and-address.md):
 * - per account and address (an IPv6 address by its /64): 5 lock that pair, so one person's typos lock no one else;
 * - per account from any address: from 20 each attempt is slowed and the admins are alerted; 50 lock the account;
 * - per address across accounts (credential stuffing): 100 lock the address.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: LOGIN_RATE_LIMIT.windowMinutes,
  perAccountAndAddress: LOGIN_RATE_LIMIT.attempts,
  perAccountSlowDown: 20,
  perAccount: 50,
  perAddress: 100,
  slowDownSeconds: 2,
} as const;

/** Requests per address in the sign-in window that each sign-in endpoint answers before it refuses with nothing stored. */
export const SIGN_IN_REQUESTS_PER_ADDRESS = 300;
export const VERIFICATION_CODE_LENGTH = 6;

/** Where a person whose two-step sign-in is required but off is taken, at sign-in and from any portal screen. */
export const MFA_ENROLMENT_PATH = "/two-step-setup";

/**
 * The 403 every other API call answers such a person until they turn two-step sign-in on (the realtime connection
 * closes with the same message); the browser takes them to MFA_ENROLMENT_PATH.
 */
export const MFA_ENROLMENT_REQUIRED = "mfa_enrolment_required";
export const mfaEnrolmentRequiredMessage =
  "Your organisation requires two-step sign-in for your account. Turn it on to continue using the portal.";
