import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { CallMedia, CallParticipant, CallPerson, MediaFlags } from "../../../shared/calls.js";
import type { DepartmentName } from "../../../shared/departments.js";
import type { AppDb } from "../../db/client.js";
import { callMembers, calls, users } from "../../db/schema.js";
import { activeStaff } from "../../db/staff-accounts.js";

/**
 * The calls' state in the database, so that every instance (with REDIS_URL) sees the same calls:
 * who is in which call on which connection (tab), who was rung, who declined or missed it.
 */

export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  department: users.department,
};
type PersonRow = { id: string; firstName: string; lastName: string; email: string; department: string };
export const toPerson = (row: PersonRow): CallPerson => ({
  id: row.id,
  name: `${row.firstName} ${row.lastName}`,
  email: row.email,
  department: row.department,
});

/** In the call now: joined and not left. */
const inTheCall = and(isNotNull(callMembers.joinedAt), isNull(callMembers.leftAt));
/** Rung and not (yet) answered, declined or missed. */
const stillRinging = and(
  isNotNull(callMembers.rungAt),
  isNull(callMembers.joinedAt),
  isNull(callMembers.declinedAt),
  eq(callMembers.missed, false),
);

export type ActiveCall = typeof calls.$inferSelect;
export type Participant = CallParticipant & { connectionId: string | null };

export function createCallStore(db: AppDb) {
  async function participants(callId: string, tx: AppDb = db): Promise<Participant[]> {
    const rows = await tx
      .select({
        ...personColumns,
        connectionId: callMembers.connectionId,
        audio: callMembers.audio,
        video: callMembers.video,
        screen: callMembers.screen,
      })
      .from(callMembers)
      .innerJoin(users, eq(users.id, callMembers.userId))
      .where(and(eq(callMembers.callId, callId), inTheCall))
      .orderBy(callMembers.joinedAt);
    return rows.map((row) => ({
      ...toPerson(row),
      audio: row.audio,
      video: row.video,
      screen: row.screen,
      connectionId: row.connectionId,
    }));
  }

  /** Which of these users are in a call that is going on. */
  async function inACall(userIds: readonly string[], tx: AppDb = db): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await tx
      .select({ userId: callMembers.userId })
      .from(callMembers)
      .innerJoin(calls, eq(calls.id, callMembers.callId))
      .where(and(inArray(callMembers.userId, [...userIds]), inTheCall, isNull(calls.endedAt)));
    return new Set(rows.map((row) => row.userId));
  }

  return {
    participants,
    inACall,

    async activeCall(callId: string): Promise<ActiveCall | null> {
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.id, callId), isNull(calls.endedAt)));
      return row ?? null;
    },

    /** Who started a call. */
    async callerOf(callId: string): Promise<CallPerson | null> {
      const [row] = await db
        .select(personColumns)
        .from(calls)
        .innerJoin(users, eq(users.id, calls.startedById))
        .where(eq(calls.id, callId));
      return row ? toPerson(row) : null;
    },

    /** The calls of a department going on now, with how many are in each. */
    async activeCallsOf(department: DepartmentName) {
      return db
        .select({ callId: calls.id, media: calls.media, participantCount: sql<number>`count(${callMembers.userId})::int` })
        .from(calls)
        .innerJoin(callMembers, and(eq(callMembers.callId, calls.id), inTheCall))
        .where(and(eq(calls.department, department), isNull(calls.endedAt)))
        .groupBy(calls.id);
    },

    /** Opens a call with its caller in it (on this connection) and the people rung. */
    async create(input: {
      department: DepartmentName;
      media: CallMedia;
      callerId: string;
      connectionId: string;
      invitedOnly: boolean;
      rungIds: readonly string[];
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [call] = await tx
          .insert(calls)
          .values({ department: input.department, media: input.media, startedById: input.callerId, invitedOnly: input.invitedOnly })
          .returning({ id: calls.id });
        if (!call) throw new Error("the call was not created");
        const now = new Date();
        await tx
          .insert(callMembers)
          .values([
            { callId: call.id, userId: input.callerId, joinedAt: now, connectionId: input.connectionId, video: input.media === "video" },
            ...input.rungIds.map((userId) => ({ callId: call.id, userId, rungAt: now })),
          ]);
        return call.id;
      });
    },

    /**
     * Puts a user in a call on this connection, within the rules `check` applies to the locked call and its
     * participants (it answers a refusal message, or null to go on). Locking the call row makes 30 joins at
     * once count one after the other, so the call never goes over its size.
     */
    async join(
      callId: string,
      userId: string,
      connectionId: string,
      check: (call: ActiveCall, participants: Participant[], member: { rung: boolean } | null) => Promise<string | null>,
    ): Promise<{ refused: string } | { call: ActiveCall; participants: Participant[] }> {
      return db.transaction(async (tx) => {
        const [call] = await tx
          .select()
          .from(calls)
          .where(and(eq(calls.id, callId), isNull(calls.endedAt)))
          .for("update");
        if (!call) return { refused: "notFound" };
        const [member] = await tx
          .select({ rungAt: callMembers.rungAt })
          .from(callMembers)
          .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId)));
        const refused = await check(call, await participants(callId, tx), member ? { rung: member.rungAt !== null } : null);
        if (refused) return { refused };
        if ((await inACall([userId], tx)).size > 0) return { refused: "alreadyInCall" };
        const now = new Date();
        const joined = { joinedAt: now, leftAt: null, connectionId, audio: true, video: call.media === "video", screen: false };
        await tx
          .insert(callMembers)
          .values({ callId, userId, ...joined })
          .onConflictDoUpdate({
            target: [callMembers.callId, callMembers.userId],
            set: { ...joined, joinedAt: sql`coalesce(${callMembers.joinedAt}, now())`, declinedAt: null, missed: false },
          });
        if (call.startedById !== userId && !call.answeredAt) await tx.update(calls).set({ answeredAt: now }).where(eq(calls.id, callId));
        return { call, participants: await participants(callId, tx) };
      });
    },

    /** Whether this user is in a call going on, or being rung for one (who may have TURN credentials). */
    async ringingOrInCall(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ callId: calls.id })
        .from(callMembers)
        .innerJoin(calls, eq(calls.id, callMembers.callId))
        .where(and(eq(callMembers.userId, userId), isNull(calls.endedAt), or(inTheCall, stillRinging)))
        .limit(1);
      return row !== undefined;
    },

    /** The calls going on that are still ringing this user, with their department. */
    async ringingFor(userId: string): Promise<{ callId: string; department: string }[]> {
      return db
        .select({ callId: calls.id, department: calls.department })
        .from(callMembers)
        .innerJoin(calls, eq(calls.id, callMembers.callId))
        .where(and(eq(callMembers.userId, userId), stillRinging, isNull(calls.endedAt)));
    },

    /** Marks a ringing member as having declined; false when they were not ringing. */
    async decline(callId: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(callMembers)
        .set({ declinedAt: new Date() })
        .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId), stillRinging))
        .returning({ userId: callMembers.userId });
      return rows.length > 0;
    },

    /** Takes a participant out of a call (only from this connection, when given); false when they were not in it. */
    async leave(callId: string, userId: string, connectionId?: string): Promise<boolean> {
      const rows = await db
        .update(callMembers)
        .set({ leftAt: new Date(), connectionId: null, screen: false })
        .where(
          and(
            eq(callMembers.callId, callId),
            eq(callMembers.userId, userId),
            inTheCall,
            connectionId ? eq(callMembers.connectionId, connectionId) : undefined,
          ),
        )
        .returning({ userId: callMembers.userId });
      return rows.length > 0;
    },

    /** Ends a call that is going on; false when it had already ended. */
    async end(callId: string): Promise<boolean> {
      const rows = await db
        .update(calls)
        .set({ endedAt: new Date() })
        .where(and(eq(calls.id, callId), isNull(calls.endedAt)))
        .returning({ id: calls.id });
      if (rows.length > 0) {
        await db
          .update(callMembers)
          .set({ leftAt: new Date(), connectionId: null })
          .where(and(eq(callMembers.callId, callId), inTheCall));
      }
      return rows.length > 0;
    },

    /** Stops every ring of a call still going: those people missed it. Answers who. */
    async stopRinging(callId: string): Promise<string[]> {
      const rows = await db
        .update(callMembers)
        .set({ missed: true })
        .where(and(eq(callMembers.callId, callId), stillRinging))
        .returning({ userId: callMembers.userId });
      return rows.map((row) => row.userId);
    },

    /** Moves a participant's call to a new connection (their tab reconnected); false when they are no longer in it. */
    async resume(callId: string, userId: string, connectionId: string): Promise<boolean> {
      const rows = await db
        .update(callMembers)
        .set({ connectionId })
        .where(
          and(
            eq(callMembers.callId, callId),
            eq(callMembers.userId, userId),
            inTheCall,
            sql`exists (select 1 from ${calls} where ${calls.id} = ${callId} and ${calls.endedAt} is null)`,
          ),
        )
        .returning({ userId: callMembers.userId });
      return rows.length > 0;
    },

    /** Records what a participant sends (from the connection in the call); false when it is not in the call. */
    async setMedia(callId: string, userId: string, connectionId: string, flags: MediaFlags): Promise<boolean> {
      const rows = await db
        .update(callMembers)
        .set(flags)
        .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId), eq(callMembers.connectionId, connectionId), inTheCall))
        .returning({ userId: callMembers.userId });
      return rows.length > 0;
    },

    /** The calls this connection is in (a tab is in one at most, but the question is asked by connection). */
    async callsOnConnection(connectionId: string): Promise<{ callId: string; userId: string }[]> {
      return db
        .select({ callId: callMembers.callId, userId: callMembers.userId })
        .from(callMembers)
        .where(and(eq(callMembers.connectionId, connectionId), inTheCall));
    },

    /**
     * For relaying signalling: the connection of `to` in the call, when `from` is in that call on `fromConnection`
     * (and `to` is another participant). Null otherwise: the frame is refused.
     */
    async relayTarget(callId: string, from: string, fromConnection: string, to: string): Promise<string | null> {
      if (from === to) return null;
      const rows = await db
        .select({ userId: callMembers.userId, connectionId: callMembers.connectionId })
        .from(callMembers)
        .innerJoin(calls, eq(calls.id, callMembers.callId))
        .where(and(eq(callMembers.callId, callId), inArray(callMembers.userId, [from, to]), inTheCall, isNull(calls.endedAt)));
      const sender = rows.find((row) => row.userId === from);
      const recipient = rows.find((row) => row.userId === to);
      return sender?.connectionId === fromConnection && recipient?.connectionId ? recipient.connectionId : null;
    },

    /** Active staff (and admins) of a department, other than `except`. */
    async departmentMembers(department: DepartmentName, except?: string) {
      const rows = await db
        .select(personColumns)
        .from(users)
        .where(and(eq(users.department, department), activeStaff, except ? ne(users.id, except) : undefined))
        .orderBy(users.firstName, users.lastName);
      return rows.map(toPerson);
    },
  };
}

export type CallStore = ReturnType<typeof createCallStore>;
