import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { UploadKind } from "../../../shared/uploads.js";
import type { AppDb } from "../../db/client.js";
import { resumableUploads } from "../../db/schema.js";

export type UploadRecord = typeof resumableUploads.$inferSelect;

/** A claim older than this is a request that died while using the upload: the sweep may take it. */
const STALE_CLAIM_MS = 60 * 60_000;

/** The rows of resumable uploads (migration 0045): who made each, for what, and whether a route is using it. */
export function createUploadRecords(db: AppDb) {
  const ofCaller = (ids: readonly string[], userId: string, projectId: number, kind: UploadKind) =>
    and(
      inArray(resumableUploads.id, [...ids]),
      eq(resumableUploads.userId, userId),
      eq(resumableUploads.projectId, projectId),
      eq(resumableUploads.kind, kind),
    );
  return {
    async add(record: Omit<UploadRecord, "createdAt" | "claimedAt">): Promise<void> {
      await db.insert(resumableUploads).values(record);
    },

    async isOwnedBy(id: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: resumableUploads.id })
        .from(resumableUploads)
        .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, userId)));
      return row !== undefined;
    },

    /** Marks the caller's unclaimed uploads among `ids` as used by this request, in one statement: two requests never both win. */
    async claim(ids: readonly string[], userId: string, projectId: number, kind: UploadKind): Promise<UploadRecord[]> {
      return db
        .update(resumableUploads)
        .set({ claimedAt: new Date() })
        .where(and(ofCaller(ids, userId, projectId, kind), isNull(resumableUploads.claimedAt)))
        .returning();
    },

    /** Whether any of the caller's uploads among `ids` is claimed by another request. */
    async anyClaimed(ids: readonly string[], userId: string, projectId: number, kind: UploadKind): Promise<boolean> {
      const rows = await db
        .select({ id: resumableUploads.id })
        .from(resumableUploads)
        .where(and(ofCaller(ids, userId, projectId, kind), isNotNull(resumableUploads.claimedAt)));
      return rows.length > 0;
    },

    async release(ids: readonly string[]): Promise<void> {
      if (ids.length > 0)
        await db
          .update(resumableUploads)
          .set({ claimedAt: null })
          .where(inArray(resumableUploads.id, [...ids]));
    },

    async forget(id: string): Promise<void> {
      await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    },

    /** Uploads made before `cutOff` that no request is using now. */
    async expired(cutOff: Date, now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: resumableUploads.id })
        .from(resumableUploads)
        .where(
          and(
            lt(resumableUploads.createdAt, cutOff),
            or(isNull(resumableUploads.claimedAt), lt(resumableUploads.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
          ),
        );
      return rows.map((row) => row.id);
    },
  };
}

export type UploadRecords = ReturnType<typeof createUploadRecords>;
