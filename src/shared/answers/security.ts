import { z } from "zod";
import { alertStatuses, threatRules } from "../security.js";
import { adminWithoutTwoStep } from "./admin.js";
import { count, instant, pageOf } from "./common.js";

/** One line of the access log. */
export const securityEventRow = z.object({
  id: count,
  type: z.string(),
  outcome: z.string(),
  reason: z.string().nullable(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instant,
});
export type SecurityEventRow = z.output<typeof securityEventRow>;
export const securityEventsPage = pageOf(securityEventRow);
export type SecurityEventsPage = z.output<typeof securityEventsPage>;

/** GET /api/account/security-activity: the last events of the signed-in person's own account. */
export const ownSecurityActivity = z.object({ events: z.array(securityEventRow) });

const severity = z.enum(["low", "medium", "high"]);

/** An alert a threat rule raised, with the events behind it. */
export const securityAlert = z.object({
  id: count,
  rule: z.enum(Object.keys(threatRules) as [keyof typeof threatRules, ...(keyof typeof threatRules)[]]),
  title: z.string(),
  severity,
  subject: z.string(),
  /** The address the alert's events came from, when one: what 'Block this address' blocks. */
  ipAddress: z.string().nullable(),
  status: z.enum(alertStatuses),
  createdAt: instant,
  lastSeenAt: instant,
  acknowledgedAt: instant.nullable(),
  /** The events behind it, oldest first. */
  evidence: z.array(securityEventRow),
});
export type SecurityAlert = z.output<typeof securityAlert>;
export const securityAlertPage = pageOf(securityAlert);

/** An address or range on the blocklist. */
export const addressBlock = z.object({
  id: count,
  address: z.string(),
  reason: z.string(),
  expiresAt: instant.nullable(),
  alertId: count.nullable(),
  createdAt: instant,
});
export type AddressBlock = z.output<typeof addressBlock>;
/** GET /api/admin/security/blocklist. */
export const addressBlocklist = z.object({ blocks: z.array(addressBlock) });

/** The ways into an account beside its password, shown where its owner secures it. */
export const accountSignInMethods = z.object({
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: instant })),
  providers: z.array(z.object({ provider: z.string(), name: z.string(), email: z.string(), linkedAt: instant })),
});
export type AccountSignInMethods = z.output<typeof accountSignInMethods>;

/** What a 'this wasn't me' link shows before it is used: what was added since `addedSince` (the reported event) goes anyway. */
export const notMeLinkPreview = accountSignInMethods.extend({ addedSince: instant, restoresEmail: z.string().nullable() });
export type NotMeLinkPreview = z.output<typeof notMeLinkPreview>;

/** POST /api/auth/not-me: the account's email now, whether it was restored, and how many methods went. */
export const notMeResult = z.object({
  email: z.string(),
  emailRestored: z.boolean(),
  removed: z.object({ passkeys: count, providers: count }),
});
export type NotMeResult = z.output<typeof notMeResult>;

/** The password policy and two-step requirements, as saved (the request's schema is securitySettingsSchema). */
export const securitySettings = z.object({
  passwordMinLength: count,
  refuseCommonPasswords: z.boolean(),
  mfaRequiredForAdmins: z.boolean(),
  mfaRequiredForStaff: z.boolean(),
});

/** GET /api/admin/security/summary: what the security centre flags for admins. */
export const securitySummary = z.object({ adminsWithoutTwoStep: z.array(adminWithoutTwoStep), mfaRequiredForAdmins: z.boolean() });
export type SecuritySummary = z.output<typeof securitySummary>;
