// Without zod, so that a dashboard can show the access log's events without loading the validators.

/** Every kind of event the access log holds (src/server/platform/security-log.ts writes them). */
export const securityEventTypes = [
  "sign_in",
  "sign_out",
  "lockout",
  "registration",
  "email_verification",
  "refresh_reuse",
  "password_reset_requested",
  "password_reset",
  "password_change",
  "mfa_enrolled",
  "mfa_removed",
  "mfa_recovery_codes_replaced",
  "account_approved",
  "email_change_requested",
  "email_changed",
  "session_revoked",
  "data_exported",
  "account_deleted",
  "identity_sign_in",
  "identity_linked",
  "identity_unlinked",
  "passkey_added",
  "passkey_removed",
  "rate_limited",
  "address_blocked",
  "not_me",
  "variation_approved",
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];
export const securityOutcomes = ["success", "failure"] as const;
export type SecurityOutcome = (typeof securityOutcomes)[number];

/** The access log's event types in plain words (an unknown type shows as its own words). */
const eventLabels: Record<string, string> = {
  sign_in: "Sign-in",
  sign_out: "Sign-out",
  lockout: "Account locked after failed sign-ins",
  registration: "Registration",
  email_verification: "Email confirmation",
  refresh_reuse: "Reused session token (possible theft)",
  password_reset_requested: "Password reset requested",
  password_reset: "Password reset",
  password_change: "Password changed",
  mfa_enrolled: "Two-step sign-in turned on",
  mfa_removed: "Two-step sign-in turned off",
  mfa_recovery_codes_replaced: "New recovery codes made",
  account_approved: "Staff account approved",
  email_change_requested: "Email change requested",
  email_changed: "Email address changed",
  session_revoked: "Device signed out",
  data_exported: "Personal data downloaded",
  account_deleted: "Account deleted",
  identity_sign_in: "Sign-in with a provider",
  identity_linked: "Sign-in provider linked",
  identity_unlinked: "Sign-in provider removed",
  passkey_added: "Passkey added",
  passkey_removed: "Passkey removed",
  rate_limited: "Request refused: too many requests",
  address_blocked: "Request from a blocked address",
  not_me: "'This wasn't me': every session ended",
  variation_approved: "Contract variation approved",
} satisfies Record<SecurityEventType, string>;

/** A failure names what was tried ("Password change failed"), where the event's label says it was done. */
const attemptLabels: Partial<Record<SecurityEventType, string>> = {
  password_change: "Password change",
  mfa_enrolled: "Turning on two-step sign-in",
  mfa_removed: "Turning off two-step sign-in",
  mfa_recovery_codes_replaced: "Making new recovery codes",
  account_approved: "Staff account approval",
  email_changed: "Email address change",
  session_revoked: "Signing out a device",
  data_exported: "Personal data download",
  account_deleted: "Account deletion",
  identity_linked: "Linking a sign-in provider",
  identity_unlinked: "Removing a sign-in provider",
  passkey_added: "Adding a passkey",
  passkey_removed: "Removing a passkey",
};

const words = (code: string) => code.replace(/_/g, " ");

/** "Sign-in failed: wrong password": an access log event in plain words, the same on every screen. */
export function describeSecurityEvent(event: { type: string; outcome: string; reason: string | null }): string {
  const label = eventLabels[event.type] ?? words(event.type).replace(/^./, (first) => first.toUpperCase());
  // A refused request's reason is the request it refused, not why something failed.
  if (event.type === "rate_limited" || event.type === "address_blocked") return event.reason ? `${label}: ${event.reason}` : label;
  if (event.outcome === "success") return label;
  const attempt = attemptLabels[event.type as SecurityEventType] ?? label;
  return event.reason ? `${attempt} failed: ${words(event.reason)}` : `${attempt} failed`;
}
