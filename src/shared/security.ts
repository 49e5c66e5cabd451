import { z } from "zod";
import { SIGN_IN_LIMITS } from "./auth-messages.js";
import { pageNumber } from "./fields.js";
import { PASSWORD_MIN_LENGTH } from "./password-length.js";

import { securityEventTypes, securityOutcomes } from "./security-events.js";

export type {
  AccountSignInMethods,
  AddressBlock,
  NotMeLinkPreview,
  NotMeResult,
  SecurityAlert,
  SecurityEventRow,
  SecurityEventsPage,
  SecuritySummary,
} from "./answers/security.js";
export * from "./security-events.js";

export const SECURITY_EVENTS_PAGE_SIZE = 25;

/** The last events of the signed-in person's own account (GET /api/account/security-activity). */
export const OWN_ACTIVITY_LIMIT = 30;

/** What a threat rule watches, how bad it is, and when it fires: evaluated as each event is written. */
export const threatRules = {
  address_failed_sign_ins: { severity: "medium", title: "Failed sign-ins from one address", limit: 10, minutes: 10 },
  // Where the per-account sign-in limit starts slowing attempts down.
  account_failed_sign_ins: {
    severity: "high",
    title: "Many failed sign-ins against one account",
    limit: SIGN_IN_LIMITS.perAccountSlowDown,
    minutes: SIGN_IN_LIMITS.windowMinutes,
  },
  account_many_addresses: { severity: "high", title: "Failed sign-ins against one account from several addresses", limit: 3, minutes: 10 },
  credential_stuffing: { severity: "high", title: "One address trying many accounts", limit: 5, minutes: 10 },
  lockout: { severity: "medium", title: "Sign-in locked out", limit: 1, minutes: 10 },
  refresh_token_reuse: { severity: "high", title: "A stolen session token was used", limit: 1, minutes: 10 },
  blocked_account_sign_in: { severity: "medium", title: "Sign-in attempt on a blocked account", limit: 1, minutes: 10 },
  // A refusal is logged once per route, address and window (however many requests it refused): the first one alerts.
  rate_limit_refusals: { severity: "low", title: "Repeated rate-limit refusals", limit: 1, minutes: 10 },
  admin_new_device: { severity: "high", title: "An administrator signed in from a new device", limit: 1, minutes: 10 },
} as const satisfies Record<string, { severity: "low" | "medium" | "high"; title: string; limit: number; minutes: number }>;
export type ThreatRule = keyof typeof threatRules;
export const alertStatuses = ["open", "acknowledged"] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const ALERTS_PAGE_SIZE = 20;

export const securityMessages = {
  alertNotFound: "Alert not found.",
  alertAcknowledged: "Alert acknowledged.",
  blockNotFound: "Blocked address not found.",
  blocked: "Address blocked.",
  unblocked: "Address unblocked.",
  ownAddress: "That would block your own address and lock you out. Block another address or range.",
  alreadyBlocked: "That address or range is already blocked.",
  invalidAddress: "Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24.",
  expiryInPast: "The expiry must be in the future.",
  notMeDone: "Every session of your account has ended. Choose a new password with the code we emailed you.",
  notMeInvalid: "This link has expired or was already used. Sign in and check your security page.",
  methodsRemoved: "Removed from your account.",
  reviewExpired: "This page has expired. Sign in and check your passkeys and providers in your settings.",
  notMeEmailRestored: (email: string) =>
    `Your email address is ${email} again and every session of your account has ended. Choose a new password with the code we emailed you.`,
} as const;

/** A query's empty value (?type=) is no filter. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const optionalText = (max: number) => optional(z.string().trim().max(max, `Keep it to ${max} characters.`));
const dateTime = (label: string) => optional(z.coerce.date({ error: `${label} must be a date and time.` }));

/** GET /api/admin/security/events (and events.csv): every filter optional. */
export const securityEventsQuerySchema = z.object({
  user: optionalText(200),
  type: optional(z.enum(securityEventTypes, { error: "Unknown event type." })),
  address: optionalText(64),
  outcome: optional(z.enum(securityOutcomes, { error: "Outcome is success or failure." })),
  from: dateTime("From"),
  to: dateTime("To"),
  page: pageNumber.default(1),
});
export type SecurityEventsQuery = z.output<typeof securityEventsQuerySchema>;

export const alertsQuerySchema = z.object({
  status: optional(z.enum(alertStatuses, { error: "Status is open or acknowledged." })),
  page: pageNumber.default(1),
});

const addressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** An address (IPv4 or IPv6) or a CIDR range of either (203.0.113.0/24, 2001:db8::/32). */
export const isAddressOrRange = (value: string) => addressOrRange.safeParse(value).success;

export const blockSchema = z.object({
  address: z
    .string({ error: securityMessages.invalidAddress })
    .trim()
    .max(64, securityMessages.invalidAddress)
    .refine(isAddressOrRange, securityMessages.invalidAddress),
  reason: z.string({ error: "Reason is required." }).trim().min(1, "Reason is required.").max(500, "Keep the reason to 500 characters."),
  expiresAt: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .date({ error: "The expiry must be a date and time." })
      .refine((date) => date.getTime() > Date.now(), securityMessages.expiryInPast)
      .optional(),
  ),
  /** The alert it is blocked from, when it is. */
  alertId: z.number().int().positive().max(2_147_483_647).optional(),
});

/** POST /api/auth/not-me/methods: the 'this wasn't me' link's account and token (read, not used). */
export const notMeLinkSchema = z.object({
  userId: z.string().max(64),
  token: z.string().min(1).max(200),
});

/** The passkeys and provider links chosen for removal beside those the link removes anyway. */
export const signInMethodRemovalSchema = z.object({
  removePasskeys: z.array(z.string().max(1024)).max(20).default([]),
  removeProviders: z.array(z.string().max(40)).max(20).default([]),
});
export type SignInMethodRemoval = z.input<typeof signInMethodRemovalSchema>;

/** POST /api/auth/not-me: the link, and what else to remove in the same step. */
export const notMeSchema = notMeLinkSchema.extend(signInMethodRemovalSchema.shape);

/**
 * After a password reset, its completion screen lists the passkeys and providers and removes those picked, with a
 * 256-bit ticket the reset hands back (the person is not signed in there), valid this long.
 */
export const SIGN_IN_METHODS_REVIEW_PURPOSE = "sign_in_methods_review";
export const SIGN_IN_METHODS_REVIEW_MINUTES = 15;
export type SignInMethodsReview = { userId: string; reviewTicket: string };

/** POST /api/auth/sign-in-methods/review: that ticket. */
export const reviewTicketSchema = z.object({
  userId: z.string().max(64),
  ticket: z.string().min(1).max(200),
});
/** POST /api/auth/sign-in-methods/remove: the ticket and what to remove. */
export const reviewRemovalSchema = reviewTicketSchema.extend(signInMethodRemovalSchema.shape);

/** The password policy and two-step requirements an admin sets (GET/PUT /api/admin/security/settings). */
export const securitySettingsSchema = z.object({
  /** Never below the product's 6 (docs/product.md#wording 'Password should be at least 6 characters long.'). */
  passwordMinLength: z.coerce
    .number({ error: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(PASSWORD_MIN_LENGTH, `The minimum length cannot be below ${PASSWORD_MIN_LENGTH}.`)
    .max(64, "The minimum length cannot be above 64."),
  /** Refuse the 10,000 most common passwords (on by default). */
  refuseCommonPasswords: z.boolean(),
  /** An admin or staff member without two-step sign-in must turn it on before using the portal (mfaEnrolmentDue). */
  mfaRequiredForAdmins: z.boolean(),
  mfaRequiredForStaff: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const defaultSecuritySettings: SecuritySettings = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  refuseCommonPasswords: true,
  mfaRequiredForAdmins: false,
  mfaRequiredForStaff: false,
};

/**
 * Whether this person must turn two-step sign-in on before using the portal: the settings require it for their role
 * and they have no authenticator app set up. A passkey does not count: their password alone would still sign them in.
 */
export function mfaEnrolmentDue(settings: SecuritySettings, person: { role: string; mfaEnabled: boolean }): boolean {
  if (person.mfaEnabled) return false;
  return (person.role === "admin" && settings.mfaRequiredForAdmins) || (person.role === "staff" && settings.mfaRequiredForStaff);
}

/** Stored settings as they are read: a value from an older shape keeps the defaults for what it lacks. */
export function parseSecuritySettings(stored: unknown): SecuritySettings {
  const parsed = securitySettingsSchema.safeParse({ ...defaultSecuritySettings, ...(typeof stored === "object" ? stored : {}) });
  return parsed.success ? parsed.data : defaultSecuritySettings;
}

export const passwordTooShortFor = (length: number) => `Password should be at least ${length} characters long.`;
export const commonPasswordMessage = "This password is one of the most common ones, which attackers try first. Please choose another.";
export const securitySettingsSaved = "Security settings saved.";
