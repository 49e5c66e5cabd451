import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import type { Page } from "../../../shared/paging.js";
import { ALERTS_PAGE_SIZE, type AlertStatus, type SecurityAlert, securityMessages, threatRules } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { securityAlerts, securityEvents } from "../../db/schema.js";
import { toEventRow } from "./access-log.js";

type AlertRecord = typeof securityAlerts.$inferSelect;

/** The alerts the threat rules raised (src/server/platform/threat-rules.ts), with the events behind each. */
export function createAlerts(db: AppDb) {
  async function withEvidence(rows: AlertRecord[]): Promise<SecurityAlert[]> {
    const ids = [...new Set(rows.flatMap((row) => row.evidence))];
    const events = ids.length > 0 ? await db.select().from(securityEvents).where(inArray(securityEvents.id, ids)) : [];
    const byId = new Map(events.map((event) => [event.id, toEventRow(event)]));
    return rows.map((row) => {
      return {
        id: row.id,
        rule: row.rule,
        title: threatRules[row.rule].title,
        severity: row.severity,
        subject: row.subject,
        ipAddress: row.ipAddress,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        evidence: row.evidence.flatMap((id) => byId.get(id) ?? []),
      };
    });
  }

  return {
    /** Newest first, 20 a page, of one status or all. */
    async list(query: { status?: AlertStatus; page: number }): Promise<Page<SecurityAlert>> {
      const where = query.status ? eq(securityAlerts.status, query.status) : undefined;
      const request = { page: query.page, pageSize: ALERTS_PAGE_SIZE };
      const [rows, [counted]] = await Promise.all([
        db.select().from(securityAlerts).where(where).orderBy(desc(securityAlerts.id)).limit(request.pageSize).offset(offsetOf(request)),
        db.select({ total: sql<number>`count(*)::int` }).from(securityAlerts).where(where),
      ]);
      return pageOf(await withEvidence(rows), counted?.total ?? 0, request);
    },

    async find(id: number): Promise<SecurityAlert> {
      const [row] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, id));
      if (!row) throw new ApiError(404, securityMessages.alertNotFound, "not_found");
      const [alert] = await withEvidence([row]);
      if (!alert) throw new ApiError(404, securityMessages.alertNotFound, "not_found");
      return alert;
    },

    /** Marks an open alert seen; acknowledging one already acknowledged answers it as it is. */
    async acknowledge(id: number, adminId: string): Promise<SecurityAlert> {
      await db
        .update(securityAlerts)
        .set({ status: "acknowledged", acknowledgedAt: new Date(), acknowledgedById: adminId })
        .where(and(eq(securityAlerts.id, id), eq(securityAlerts.status, "open")));
      return this.find(id);
    },

    /** How many alerts are open: the count on admins' bell. */
    async openCount(): Promise<number> {
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(securityAlerts)
        .where(eq(securityAlerts.status, "open"));
      return counted?.total ?? 0;
    },

    /**
     * Claims the right to email the admins about this alert: true at most once per rule and subject an hour
     * (one conditional update, so two instances cannot both claim it).
     */
    async claimEmail(id: number): Promise<boolean> {
      const claimed = await db
        .update(securityAlerts)
        .set({ emailedAt: new Date() })
        .where(
          and(
            eq(securityAlerts.id, id),
            sql`not exists (select 1 from ${securityAlerts} earlier where earlier.rule = ${securityAlerts.rule} and earlier.subject = ${securityAlerts.subject} and earlier.emailed_at > now() - interval '1 hour')`,
          ),
        )
        .returning({ id: securityAlerts.id });
      return claimed.length > 0;
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
