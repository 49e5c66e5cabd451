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
  tooManyLoginAttemptsServer: "Too many login attempts. Please wait a moment and try again.",
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
} as const;

/** docs/product.md#validation: the browser blocks sign-in after 5 attempts within 15 minutes. */
export const tooManyLoginAttemptsBrowser = (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`;

export const LOGIN_RATE_LIMIT = { attempts: 5, windowMinutes: 15 } as const;
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
