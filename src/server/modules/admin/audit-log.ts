import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditPage, type auditQuerySchema } from "../../../shared/admin.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { adminAuditLog, users } from "../../db/schema.js";

/** The admin who acts and the address the request came from. */
export type AdminActor = { id: string; ipAddress: string };

export type AdminAction = {
  action: AuditAction;
  target?: { id: string; label: string } | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one line of the audit log. Called inside the transaction of the change it records (pass the
 * transaction), so a change is never saved without its line, nor a line without its change.
 */
export async function recordAdminAction(db: AppDb, actor: AdminActor, entry: AdminAction) {
  const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
  await db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: admin?.email ?? "(deleted account)",
    action: entry.action,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: actor.ipAddress,
  });
}

type AuditRow = typeof adminAuditLog.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  action: row.action,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  before: row.before,
  after: row.after,
  ipAddress: row.ipAddress,
  createdAt: row.createdAt.toISOString(),
});

/** The audit log, newest first, 25 a page, filtered by action and by the admin's or the target's email. */
export async function listAuditLog(db: AppDb, query: z.output<typeof auditQuerySchema>): Promise<AuditPage> {
  const where = and(
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.search
      ? or(ilike(adminAuditLog.actorEmail, containing(query.search)), ilike(adminAuditLog.targetLabel, containing(query.search)))
      : undefined,
  );
  const request = { page: query.page, pageSize: AUDIT_PAGE_SIZE };
  const [rows, [counted]] = await Promise.all([
    db.select().from(adminAuditLog).where(where).orderBy(desc(adminAuditLog.id)).limit(AUDIT_PAGE_SIZE).offset(offsetOf(request)),
    db.select({ total: sql<number>`count(*)::int` }).from(adminAuditLog).where(where),
  ]);
  return pageOf(rows.map(toEntry), counted?.total ?? 0, request);
}
