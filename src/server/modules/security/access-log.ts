import { and, desc, eq, gte, ilike, lt, lte, type SQL, sql } from "drizzle-orm";
import { csvLine } from "../../../shared/csv.js";
import {
  OWN_ACTIVITY_LIMIT,
  SECURITY_EVENTS_PAGE_SIZE,
  type SecurityEventRow,
  type SecurityEventsPage,
  type SecurityEventsQuery,
} from "../../../shared/security.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { ownSecurityEvents } from "../../db/own-security-events.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { securityEvents } from "../../db/schema.js";

type EventRecord = typeof securityEvents.$inferSelect;

export const toEventRow = (row: EventRecord): SecurityEventRow => ({
  id: row.id,
  type: row.type,
  outcome: row.outcome,
  reason: row.reason,
  userId: row.userId,
  email: row.email,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

/** The filters of the access log as one condition: a user by email (part of it) or id, an address or a range. */
function filtersOf(query: Omit<SecurityEventsQuery, "page">): SQL | undefined {
  const { user, address } = query;
  return and(
    user ? (isUuid(user) ? eq(securityEvents.userId, user) : ilike(securityEvents.email, containing(user))) : undefined,
    query.type ? eq(securityEvents.type, query.type) : undefined,
    query.outcome ? eq(securityEvents.outcome, query.outcome) : undefined,
    address
      ? address.includes("/")
        ? sql`${securityEvents.ipAddress}::inet <<= ${address}::inet`
        : eq(securityEvents.ipAddress, address)
      : undefined,
    query.from ? gte(securityEvents.createdAt, query.from) : undefined,
    query.to ? lte(securityEvents.createdAt, query.to) : undefined,
  );
}

/** The header and the cells of the CSV export, in one place so both stay in step. */
const CSV_COLUMNS = ["id", "time", "type", "outcome", "reason", "user_id", "email", "address", "user_agent"] as const;
const csvCells = (row: EventRecord) => [
  String(row.id),
  row.createdAt.toISOString(),
  row.type,
  row.outcome,
  row.reason ?? "",
  row.userId ?? "",
  row.email ?? "",
  row.ipAddress ?? "",
  row.userAgent ?? "",
];

/** How many rows each query of the export reads: the memory it holds at once, whatever the log's size. */
export const CSV_BATCH_SIZE = 500;

export function createAccessLog(db: AppDb) {
  return {
    /** The access log, newest first, 25 a page, filtered on the server. */
    async list(query: SecurityEventsQuery): Promise<SecurityEventsPage> {
      const where = filtersOf(query);
      const request = { page: query.page, pageSize: SECURITY_EVENTS_PAGE_SIZE };
      const [rows, [counted]] = await Promise.all([
        db.select().from(securityEvents).where(where).orderBy(desc(securityEvents.id)).limit(request.pageSize).offset(offsetOf(request)),
        db.select({ total: sql<number>`count(*)::int` }).from(securityEvents).where(where),
      ]);
      return pageOf(rows.map(toEventRow), counted?.total ?? 0, request);
    },

    /**
     * The same filtered log as CSV lines, newest first, read in batches by id (keyset, never OFFSET): the export
     * of any number of events holds one batch in memory at a time.
     */
    async *csv(query: Omit<SecurityEventsQuery, "page">): AsyncGenerator<string> {
      yield `${CSV_COLUMNS.join(",")}\r\n`;
      const where = filtersOf(query);
      let before: number | null = null;
      for (;;) {
        const batch: EventRecord[] = await db
          .select()
          .from(securityEvents)
          .where(and(where, before === null ? undefined : lt(securityEvents.id, before)))
          .orderBy(desc(securityEvents.id))
          .limit(CSV_BATCH_SIZE);
        if (batch.length === 0) return;
        yield batch.map((row) => csvLine(csvCells(row))).join("");
        before = batch[batch.length - 1]?.id ?? null;
        if (batch.length < CSV_BATCH_SIZE) return;
      }
    },

    /**
     * The signed-in person's own latest events (and lockouts of their address since they have had it, which name no
     * account): what /security shows them.
     */
    async ownActivity(userId: string): Promise<SecurityEventRow[]> {
      const rows = await db
        .select()
        .from(securityEvents)
        .where(ownSecurityEvents(userId))
        .orderBy(desc(securityEvents.id))
        .limit(OWN_ACTIVITY_LIMIT);
      return rows.map(toEventRow);
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
