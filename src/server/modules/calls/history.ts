import { and, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CALL_HISTORY_PAGE_SIZE, type CallHistory } from "../../../shared/calls.js";
import type { AppDb } from "../../db/client.js";
import { callMembers, calls, users } from "../../db/schema.js";
import { personColumns, toPerson } from "./call-store.js";

const callers = alias(users, "callers");

/** The viewer's calls, newest first: who called, who answered, when, how long, and whether the viewer missed it. */
export async function callHistory(db: AppDb, viewerId: string, before?: Date): Promise<CallHistory> {
  const rows = await db
    .select({
      callId: calls.id,
      department: calls.department,
      media: calls.media,
      startedAt: calls.startedAt,
      answeredAt: calls.answeredAt,
      endedAt: calls.endedAt,
      missed: callMembers.missed,
      // Null when the caller's account was deleted (drizzle nullifies a left join's object with no row).
      caller: {
        id: callers.id,
        firstName: callers.firstName,
        lastName: callers.lastName,
        email: callers.email,
        department: callers.department,
      },
    })
    .from(callMembers)
    .innerJoin(calls, eq(calls.id, callMembers.callId))
    .leftJoin(callers, eq(callers.id, calls.startedById))
    .where(and(eq(callMembers.userId, viewerId), before ? lt(calls.startedAt, before) : undefined))
    .orderBy(desc(calls.startedAt))
    .limit(CALL_HISTORY_PAGE_SIZE + 1);
  const page = rows.slice(0, CALL_HISTORY_PAGE_SIZE);
  const callIds = page.map((row) => row.callId);
  const answers =
    callIds.length === 0
      ? []
      : await db
          .select({ callId: callMembers.callId, startedById: calls.startedById, ...personColumns })
          .from(callMembers)
          .innerJoin(calls, eq(calls.id, callMembers.callId))
          .innerJoin(users, eq(users.id, callMembers.userId))
          .where(and(inArray(callMembers.callId, callIds), isNotNull(callMembers.joinedAt)))
          .orderBy(callMembers.joinedAt);
  return {
    items: page.map((row) => ({
      callId: row.callId,
      department: row.department,
      media: row.media,
      caller: row.caller ? toPerson(row.caller) : null,
      answeredBy: answers.filter((answer) => answer.callId === row.callId && answer.id !== answer.startedById).map(toPerson),
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      durationSeconds: row.answeredAt && row.endedAt ? Math.round((row.endedAt.getTime() - row.answeredAt.getTime()) / 1000) : null,
      missed: row.missed,
    })),
    hasMore: rows.length > CALL_HISTORY_PAGE_SIZE,
  };
}
