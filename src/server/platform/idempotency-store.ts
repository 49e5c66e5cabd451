import { and, eq, lt, sql } from "drizzle-orm";
import { IDEMPOTENCY_KEEP_HOURS } from "../../shared/idempotency.js";
import type { AppDb } from "../db/client.js";
import { idempotentRequests } from "../db/schema.js";

/** What identifies a keyed request: whose key, which key, and the request it was first used for. */
export type KeyedRequest = { userId: string; key: string; method: string; path: string; fingerprint: string };

/** A first answer as it is given again: status, the headers that matter, the body as sent (null: not kept). */
export type StoredAnswer = { statusCode: number; headers: Record<string, string>; body: string | null };

export type ClaimOutcome =
  | { outcome: "claimed"; id: number }
  | { outcome: "completed"; answer: StoredAnswer }
  | { outcome: "processing" }
  | { outcome: "different-request" };

/**
 * A claim still processing after this long is taken to be abandoned (its instance stopped mid-request) and may be
 * claimed again: far longer than any request runs, uploads of 150 MB on a slow line included.
 */
const ABANDONED_AFTER_MINUTES = 60;

/** The idempotent_requests table: claims, answers, releases and the purge, each one atomic statement. */
export function createIdempotencyStore(db: AppDb) {
  /** Whoever inserts the row first owns the key; every other instance and request sees the row. */
  async function claim(request: KeyedRequest): Promise<ClaimOutcome> {
    const [inserted] = await db
      .insert(idempotentRequests)
      .values(request)
      .onConflictDoNothing({ target: [idempotentRequests.userId, idempotentRequests.key] })
      .returning({ id: idempotentRequests.id });
    if (inserted) return { outcome: "claimed", id: inserted.id };
    const [row] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, request.userId), eq(idempotentRequests.key, request.key)));
    // Released (its first attempt failed) between the two statements: claim it anew.
    if (!row) return claim(request);
    if (row.method !== request.method || row.path !== request.path || row.fingerprint !== request.fingerprint)
      return { outcome: "different-request" };
    if (row.state === "completed")
      return { outcome: "completed", answer: { statusCode: row.statusCode ?? 200, headers: row.responseHeaders, body: row.responseBody } };
    // Only one of several repeats can move the claim time of an abandoned claim forward, so only one runs it.
    const [takenOver] = await db
      .update(idempotentRequests)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          eq(idempotentRequests.id, row.id),
          eq(idempotentRequests.state, "processing"),
          lt(idempotentRequests.createdAt, sql`now() - interval '${sql.raw(String(ABANDONED_AFTER_MINUTES))} minutes'`),
        ),
      )
      .returning({ id: idempotentRequests.id });
    return takenOver ? { outcome: "claimed", id: takenOver.id } : { outcome: "processing" };
  }

  /** Stores the answer of the request that holds the claim. */
  async function complete(id: number, answer: StoredAnswer) {
    await db
      .update(idempotentRequests)
      .set({ state: "completed", statusCode: answer.statusCode, responseHeaders: answer.headers, responseBody: answer.body })
      .where(and(eq(idempotentRequests.id, id), eq(idempotentRequests.state, "processing")));
  }

  /** Gives the key up, so that a retry runs the request again (its first attempt failed). */
  async function release(id: number) {
    await db.delete(idempotentRequests).where(and(eq(idempotentRequests.id, id), eq(idempotentRequests.state, "processing")));
  }

  return { claim, complete, release };
}

/** Deletes the keys claimed more than IDEMPOTENCY_KEEP_HOURS ago (platform/retention.ts runs it hourly). */
export async function purgeIdempotencyKeys(db: AppDb, now: Date) {
  const purged = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3_600_000)))
    .returning({ id: idempotentRequests.id });
  return purged.length;
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
