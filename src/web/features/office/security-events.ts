import type { SecurityEventItem } from "../../../shared/office";

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
  account_approved: "Staff account approved",
  email_change_requested: "Email change requested",
  email_changed: "Email address changed",
  session_revoked: "Device signed out",
  data_exported: "Personal data downloaded",
  account_deleted: "Account deleted",
};

const words = (code: string) => code.replace(/_/g, " ");

/** "Sign-in failed: wrong password". */
export function describeSecurityEvent(event: Pick<SecurityEventItem, "type" | "outcome" | "reason">): string {
  const label = eventLabels[event.type] ?? words(event.type).replace(/^./, (first) => first.toUpperCase());
  if (event.outcome === "success") return label;
  return event.reason ? `${label} failed: ${words(event.reason)}` : `${label} failed`;
}
