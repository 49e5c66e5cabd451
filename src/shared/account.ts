import { z } from "zod";
import { authMessages, emailAddressSchema, mfaCodeSchema, VERIFICATION_CODE_LENGTH } from "./auth.js";
import { notificationKinds } from "./notifications.js";

/** /settings: email change, notification preferences, devices, my data, account deletion. */
export const accountMessages = {
  sameEmail: "This is already your email address.",
  passwordRequired: "Please enter your password.",
  wrongPassword: "Your password is not correct.",
  noEmailChangePending: "No email change is waiting for a code. Please ask for a new code.",
  emailChangeCodeSent: (address: string) =>
    `We have emailed a ${VERIFICATION_CODE_LENGTH}-digit code to ${address}. Enter it to confirm your new email address.`,
  emailChanged: "Your email address has been changed.",
  unknownNotificationKind: "Unknown kind of notification.",
  channelChoice: "Choose on or off for each channel.",
  sessionNotFound: "That session was not found. It may have ended already.",
  deleteConfirmation: "Type DELETE to confirm.",
  lastAdmin: "You are the last administrator. Make another account an administrator before you delete yours.",
  accountDeleted:
    "Your account has been deleted and you have been signed out. Projects where you were the client stay in the company's records without your account.",
} as const;

export const EMAIL_CHANGE_PURPOSE = "email_change";

const passwordInput = z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(200);

/** The password, and a code from the app (or a recovery code) when two-step sign-in is on. */
export const changeEmailSchema = z.object({
  newEmail: emailAddressSchema,
  password: passwordInput,
  code: z.string().trim().max(20).optional(),
});

/** Turning two-step sign-in on and new recovery codes: the current password, so a stolen session alone cannot. */
export const mfaPasswordSchema = z.object({ password: passwordInput });
/** Turning two-step sign-in off: the current password and a code from the app (or a recovery code). */
export const mfaTurnOffSchema = mfaCodeSchema.extend({ password: passwordInput });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const confirmEmailChangeSchema = z.object({
  code: z
    .string({ error: authMessages.invalidVerificationCode })
    .trim()
    .length(VERIFICATION_CODE_LENGTH, authMessages.invalidVerificationCode),
});

const channels = z.object({
  inApp: z.boolean({ error: accountMessages.channelChoice }),
  email: z.boolean({ error: accountMessages.channelChoice }),
});

/** PUT /api/users/me/notification-preferences: any of the known kinds; the others keep their setting. */
export const notificationPreferencesSchema = z.object({
  preferences: z.partialRecord(z.enum(notificationKinds), channels, { error: accountMessages.unknownNotificationKind }),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

export type { DeviceSession, NotificationSettings } from "./answers/account.js";

/** DELETE /api/users/me: `code` (authenticator or recovery code) when two-step sign-in is on. */
export const deleteAccountSchema = z.object({
  password: passwordInput,
  confirmation: z.literal("DELETE", { error: accountMessages.deleteConfirmation }),
  code: z.string().trim().max(20).optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The name of the file of GET /api/users/me/export. */
export const myDataFileName = (date: Date) => `crestbuild-my-data-${date.toISOString().slice(0, 10)}.json`;
