import type { SecurityEventType } from "../../shared/security.js";
import type { AppDb } from "../db/client.js";
import { securityEvents } from "../db/schema.js";
import { plainAddress } from "./client-address.js";
import { evaluateThreatRules, isNewDevice, type OpenedAlert, type SecurityEventRecord } from "./threat-rules.js";

/** Where a request came from, for the access log. */
export type RequestOrigin = { ipAddress: string; userAgent: string | null };

export type SecurityEvent = {
  type: SecurityEventType;
  outcome: "success" | "failure";
  reason?: string;
  userId?: string | null;
  email?: string | null;
};

/** What follows from a written event: the alerts it opened, and whether it is a sign-in from a new device. */
export type WrittenSecurityEvent = { event: SecurityEventRecord; opened: OpenedAlert[]; newDevice: boolean };
export type SecurityEventListener = (written: WrittenSecurityEvent) => void;

// The listeners of each database: the security centre's mails (modules/security). Several apps on one database
// (tests of two instances in one process) register one each; only the first hears, so a mail goes once.
const listeners = new WeakMap<AppDb, SecurityEventListener[]>();

/** Hears every event written to this database from now on; answers the function that stops listening. */
export function onSecurityEvent(db: AppDb, listener: SecurityEventListener): () => void {
  const list = listeners.get(db) ?? [];
  list.push(listener);
  listeners.set(db, list);
  return () => {
    const index = list.indexOf(listener);
    if (index >= 0) list.splice(index, 1);
  };
}

/**
 * Writes one event to the access log that the security centre shows, and evaluates the threat rules on it at once
 * (alerts are in the database when this returns); the listener then sends mails without holding the answer up.
 */
export async function recordSecurityEvent(db: AppDb, event: SecurityEvent, origin: RequestOrigin) {
  const [row] = await db
    .insert(securityEvents)
    .values({
      type: event.type,
      outcome: event.outcome,
      reason: event.reason ?? null,
      userId: event.userId ?? null,
      email: event.email ?? null,
      // An IPv4 client on a dual-stack socket as its IPv4 address, so that the threat rules count it with the others.
      ipAddress: plainAddress(origin.ipAddress),
      userAgent: origin.userAgent,
    })
    .returning();
  if (!row) return;
  const newDevice = row.type === "sign_in" && row.outcome === "success" && (await isNewDevice(db, row));
  const opened = await evaluateThreatRules(db, row, newDevice);
  listeners.get(db)?.[0]?.({ event: row, opened, newDevice });
}
