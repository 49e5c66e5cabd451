import { z } from "zod";
import { departmentNames } from "./departments.js";
import { phoneNumber } from "./fields.js";
import { messages } from "./messages.js";

/** SPEC §5/§8 wording for accounts and sign-in. */
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
  /** Our wording where SPEC §8 has none. */
  pendingApproval: "Your staff account is waiting for approval by an administrator. You will be emailed when it is approved.",
  invalidVerificationCode: "That code is not valid or has expired. Request a new one and try again.",
  invalidLoginTicket: "Your sign-in step has expired. Please enter your email and password again.",
  sessionExpired: "Your session has expired. Please sign in again.",
  mfaRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  invalidMfaCode: "That code is not valid. Check your authenticator app and try again.",
} as const;

/** SPEC §5: the browser blocks sign-in after 5 attempts within 15 minutes. */
export const tooManyLoginAttemptsBrowser = (minutes: number) => `Too many login attempts. Please try again in ${minutes} minutes.`;

export const LOGIN_RATE_LIMIT = { attempts: 5, windowMinutes: 15 } as const;
export const PASSWORD_MIN_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 6;

const email = z
  .string({ error: messages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail));
/** An email address as typed: trimmed, lower-cased and checked. */
export const emailAddressSchema = email;
const password = z.string({ error: authMessages.passwordTooShort }).min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort).max(200);
const optionalText = (max: number) => z.string().trim().max(max).optional().default("");

export const registrationSchema = z
  .object({
    firstName: z.string({ error: "Please enter your first name." }).trim().min(1, "Please enter your first name.").max(80),
    lastName: z.string({ error: "Please enter your last name." }).trim().min(1, "Please enter your last name.").max(80),
    email,
    phone: phoneNumber.optional().default(""),
    location: optionalText(120),
    company: optionalText(120),
    department: z.enum(departmentNames, { error: "Please choose a department." }).optional(),
    isStaff: z.boolean().optional().default(false),
    password,
    confirmPassword: z.string({ error: authMessages.passwordsDoNotMatch }),
  })
  .refine((input) => input.password === input.confirmPassword, { path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch })
  .refine((input) => !input.isStaff || input.department !== undefined, { path: ["department"], message: "Please choose a department." });

export type RegistrationInput = z.input<typeof registrationSchema>;

export const credentialsSchema = z.object({
  email: z.string({ error: authMessages.invalidCredentialsInput }).trim().toLowerCase().min(1, authMessages.invalidCredentialsInput),
  password: z.string({ error: authMessages.invalidCredentialsInput }).min(1, authMessages.invalidCredentialsInput),
});

export const verifyEmailSchema = z.object({
  email,
  code: z
    .string({ error: authMessages.invalidVerificationCode })
    .trim()
    .length(VERIFICATION_CODE_LENGTH, authMessages.invalidVerificationCode),
});

export const emailOnlySchema = z.object({ email });

export const completeLoginSchema = z.object({
  userId: z.string({ error: authMessages.invalidLoginTicket }).min(1, authMessages.invalidLoginTicket),
  ticket: z.string({ error: authMessages.invalidLoginTicket }).min(1, authMessages.invalidLoginTicket),
  /** The authenticator or recovery code, for accounts with two-step sign-in. */
  code: z.string().trim().max(20).optional(),
});

export const mfaCodeSchema = z.object({
  code: z.string({ error: authMessages.invalidMfaCode }).trim().min(6, authMessages.invalidMfaCode).max(20, authMessages.invalidMfaCode),
});

/** The account details a user can change themselves (PUT /api/auth/profile); absent fields stay as they are. */
export const profileSchema = z.object({
  firstName: z.string().trim().min(1, "Please enter your first name.").max(80, "At most 80 characters.").optional(),
  lastName: z.string().trim().min(1, "Please enter your last name.").max(80, "At most 80 characters.").optional(),
  phone: phoneNumber.optional(),
  location: z.string().trim().max(120, "At most 120 characters.").optional(),
  company: z.string().trim().max(120, "At most 120 characters.").optional(),
});

export type ProfileInput = z.input<typeof profileSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().min(1).optional() });

/** SPEC §3 session shape. */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "admin" | "staff" | "user";
  company: string;
  phone: string;
  location: string;
  avatar: string | null;
  isVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  department: string;
  department_code: string | null;
  /** Two-step sign-in with an authenticator app is on. */
  mfaEnabled: boolean;
};

export type VerifyCredentialsResult = { success: true; userId: string; department: string; ticket: string; mfaRequired: boolean };
export type CompleteLoginResult = { user: SessionUser; dashboard: string; accessToken: string; refreshToken: string };

export const resetPasswordSchema = z.object({
  email,
  code: z.string({ error: authMessages.invalidResetCode }).trim().length(VERIFICATION_CODE_LENGTH, authMessages.invalidResetCode),
  newPassword: password,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Please enter your current password." }).min(1, "Please enter your current password."),
  newPassword: password,
});

export const resetRequestedMessage =
  "If an account exists for that address, we have emailed it a 6-character reset code. It is valid for 15 minutes.";
export const wrongCurrentPassword = "Your current password is not correct.";
