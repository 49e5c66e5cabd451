import type { AppDb } from "../db/client.js";
import { securityEvents } from "../db/schema.js";

/** Where a request came from, for the access log. */
export type RequestOrigin = { ipAddress: string; userAgent: string | null };

export type SecurityEvent = {
  type:
    | "sign_in"
    | "sign_out"
    | "lockout"
    | "registration"
    | "email_verification"
    | "refresh_reuse"
    | "password_reset_requested"
    | "password_reset"
    | "password_change"
    | "mfa_enrolled"
    | "mfa_removed"
    | "account_approved"
    | "email_change_requested"
    | "email_changed"
    | "session_revoked"
    | "data_exported"
    | "account_deleted";
  outcome: "success" | "failure";
  reason?: string;
  userId?: string | null;
  email?: string | null;
};

/** Writes one event to the access log that the security centre shows. */
export async function recordSecurityEvent(db: AppDb, event: SecurityEvent, origin: RequestOrigin) {
  await db.insert(securityEvents).values({
    type: event.type,
    outcome: event.outcome,
    reason: event.reason ?? null,
    userId: event.userId ?? null,
    email: event.email ?? null,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
  });
}
