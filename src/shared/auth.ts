import { z } from "zod";
import { authMessages, VERIFICATION_CODE_LENGTH } from "./auth-messages.js";
import { departmentNames } from "./departments.js";
import { phoneNumber } from "./fields.js";
import { PASSWORD_MIN_LENGTH } from "./password-length.js";
import { wording } from "./wording.js";
import { isTimeZone } from "./zoned-time.js";

export * from "./auth-messages.js";
export { PASSWORD_MIN_LENGTH };

const email = z
  .string({ error: wording.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, wording.invalidEmail)
  .pipe(z.email(wording.invalidEmail));
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
  // No address is longer than 254 characters: a longer one is refused before it is counted or logged.
  email: z
    .string({ error: authMessages.invalidCredentialsInput })
    .trim()
    .toLowerCase()
    .min(1, authMessages.invalidCredentialsInput)
    .max(254, authMessages.invalidCredentialsInput),
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
  /** The browser's time zone, kept when the account has none yet; one Intl does not know is ignored, not refused. */
  timeZone: z.string().max(200).optional().catch(undefined),
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
  /** An IANA name ("Europe/London"), checked against the zones Intl knows (src/shared/zoned-time.ts). */
  timeZone: z.string({ error: authMessages.invalidTimeZone }).trim().refine(isTimeZone, authMessages.invalidTimeZone).optional(),
});

export type ProfileInput = z.input<typeof profileSchema>;

/** /settings' time zone: one of the zones Intl knows (PUT /api/auth/profile checks it with profileSchema). */
export const timeZoneSchema = z.object({
  timeZone: z.string({ error: authMessages.invalidTimeZone }).trim().refine(isTimeZone, authMessages.invalidTimeZone),
});

export const refreshSchema = z.object({ refreshToken: z.string().min(1).optional() });

export type { CompleteLoginResult, SessionUser, VerifyCredentialsResult } from "./answers/auth.js";

/** Sent by an API client at sign-in (`X-Refresh-Token-Delivery: body`) to receive the refresh token in the JSON answer. */
export const REFRESH_TOKEN_IN_BODY_HEADER = "x-refresh-token-delivery";

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
