import { and, countDistinct, desc, eq, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import { type ThreatRule, threatRules } from "../../shared/security.js";
import { describeUserAgent } from "../../shared/user-agent.js";
import type { AppDb } from "../db/client.js";
import { securityAlerts, securityEvents, users } from "../db/schema.js";
import { addressKey, addressKeySql, sameAddressAs } from "./client-address.js";

export type SecurityEventRecord = typeof securityEvents.$inferSelect;
export type OpenedAlert = { id: number; rule: ThreatRule; subject: string };

/** An alert keeps at most this many events as evidence (the first ones and the latest). */
const MAX_EVIDENCE = 50;
/** Failures that count as failed sign-ins: a wrong password or code, and an attempt refused by the lockout. */
const FAILED_SIGN_IN_TYPES = ["sign_in", "lockout", "identity_sign_in"];

const since = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Whether a sign-in's device (browser and system in plain words) is new for the account: it has signed in before,
 * and never from this device. The first sign-in of an account has nothing to compare with, so it is not "new".
 */
export async function isNewDevice(db: AppDb, event: SecurityEventRecord): Promise<boolean> {
  if (!event.userId) return false;
  const earlier = await db
    .selectDistinct({ userAgent: securityEvents.userAgent })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, event.userId),
        eq(securityEvents.type, "sign_in"),
        eq(securityEvents.outcome, "success"),
        ne(securityEvents.id, event.id),
      ),
    )
    .limit(500);
  if (earlier.length === 0) return false;
  const device = describeUserAgent(event.userAgent);
  return !earlier.some((row) => describeUserAgent(row.userAgent) === device);
}

/** The ids of the failed sign-ins matching `where` in the rule's window, oldest first. */
async function failedSignIns(db: AppDb, rule: ThreatRule, where: SQL | undefined) {
  const rows = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        inArray(securityEvents.type, FAILED_SIGN_IN_TYPES),
        eq(securityEvents.outcome, "failure"),
        gt(securityEvents.createdAt, since(threatRules[rule].minutes)),
        where,
      ),
    )
    .orderBy(desc(securityEvents.id))
    .limit(MAX_EVIDENCE);
  return rows.map((row) => row.id).reverse();
}

/**
 * Opens the rule's alert on this subject with these events as evidence, or adds them to the one already open
 * (one open alert per rule and subject, kept so by a partial unique index even under concurrent writes).
 * Answers the alert when this call opened it.
 */
async function raise(db: AppDb, rule: ThreatRule, subject: string, ipAddress: string | null, evidence: number[]) {
  const [row] = await db
    .insert(securityAlerts)
    .values({ rule, severity: threatRules[rule].severity, subject, ipAddress, evidence })
    .onConflictDoUpdate({
      target: [securityAlerts.rule, securityAlerts.subject],
      targetWhere: sql`status = 'open'`,
      set: {
        // The union of both lists, the first events and the latest kept.
        evidence: sql`(select coalesce(jsonb_agg(id order by id), '[]'::jsonb) from (select distinct value::int as id from jsonb_array_elements(${securityAlerts.evidence} || excluded.evidence)) ids)`,
        lastSeenAt: sql`now()`,
      },
    })
    .returning({ id: securityAlerts.id, inserted: sql<boolean>`xmax = 0` });
  return row?.inserted ? { id: row.id, rule, subject } : null;
}

/** An account's subject: its email as the event has it, else as the account has it now. */
async function accountSubject(db: AppDb, event: SecurityEventRecord): Promise<string | null> {
  if (event.email) return event.email;
  if (!event.userId) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, event.userId));
  return user?.email ?? event.userId;
}

/**
 * The threat rules (docs/product.md#security-centre), evaluated as each event is written: each rule that the event
 * completes raises (or adds to) its alert. A near miss (one event short of a limit) raises nothing.
 */
export async function evaluateThreatRules(db: AppDb, event: SecurityEventRecord, newDevice: boolean): Promise<OpenedAlert[]> {
  const opened: (OpenedAlert | null)[] = [];
  // An address counts with the others of its network (an IPv6 address with its /64); the alert is about the network.
  const address = event.ipAddress ? addressKey(event.ipAddress) : null;
  const fromAddress = event.ipAddress ? sameAddressAs(securityEvents.ipAddress, event.ipAddress) : undefined;
  const failedSignIn = event.outcome === "failure" && FAILED_SIGN_IN_TYPES.includes(event.type);

  if (failedSignIn && address) {
    const failures = await failedSignIns(db, "address_failed_sign_ins", fromAddress);
    if (failures.length >= threatRules.address_failed_sign_ins.limit) {
      opened.push(await raise(db, "address_failed_sign_ins", address, address, failures));
    }
    const [accounts] = await db
      .select({ count: countDistinct(securityEvents.email) })
      .from(securityEvents)
      .where(
        and(
          inArray(securityEvents.type, FAILED_SIGN_IN_TYPES),
          eq(securityEvents.outcome, "failure"),
          fromAddress,
          gt(securityEvents.createdAt, since(threatRules.credential_stuffing.minutes)),
        ),
      );
    if ((accounts?.count ?? 0) >= threatRules.credential_stuffing.limit) {
      opened.push(await raise(db, "credential_stuffing", address, address, failures));
    }
  }

  if (failedSignIn && event.email) {
    const againstAccount = eq(securityEvents.email, event.email);
    const failures = await failedSignIns(db, "account_failed_sign_ins", againstAccount);
    if (failures.length >= threatRules.account_failed_sign_ins.limit) {
      opened.push(await raise(db, "account_failed_sign_ins", event.email, null, failures));
    }
    const [addresses] = await db
      .select({ count: countDistinct(addressKeySql(securityEvents.ipAddress)) })
      .from(securityEvents)
      .where(
        and(
          inArray(securityEvents.type, FAILED_SIGN_IN_TYPES),
          eq(securityEvents.outcome, "failure"),
          againstAccount,
          gt(securityEvents.createdAt, since(threatRules.account_many_addresses.minutes)),
        ),
      );
    if ((addresses?.count ?? 0) >= threatRules.account_many_addresses.limit) {
      const evidence = await failedSignIns(db, "account_many_addresses", againstAccount);
      opened.push(await raise(db, "account_many_addresses", event.email, null, evidence));
    }
  }

  const single = async (rule: ThreatRule, subject: string | null) => {
    if (subject) opened.push(await raise(db, rule, subject, address, [event.id]));
  };
  if (event.type === "lockout") await single("lockout", await accountSubject(db, event));
  if (event.type === "refresh_reuse") await single("refresh_token_reuse", await accountSubject(db, event));
  if (event.type === "sign_in" && event.outcome === "failure" && event.reason === "blocked") {
    await single("blocked_account_sign_in", await accountSubject(db, event));
  }

  if (event.type === "rate_limited" && address) {
    const rows = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.type, "rate_limited"),
          fromAddress,
          gt(securityEvents.createdAt, since(threatRules.rate_limit_refusals.minutes)),
        ),
      )
      .orderBy(desc(securityEvents.id))
      .limit(MAX_EVIDENCE);
    if (rows.length >= threatRules.rate_limit_refusals.limit) {
      opened.push(await raise(db, "rate_limit_refusals", address, address, rows.map((row) => row.id).reverse()));
    }
  }

  if (newDevice && event.userId) {
    const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, event.userId));
    if (user?.role === "admin") await single("admin_new_device", await accountSubject(db, event));
  }

  return opened.filter((alert): alert is OpenedAlert => alert !== null);
}
