import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { and, desc, eq } from "drizzle-orm";
import type { Viewer } from "../../../../shared/access.js";
import { TIMELAPSE_MAX_FRAMES } from "../../../../shared/evidence.js";
import type { AppDb } from "../../../db/client.js";
import { photoPoints, projectPhotos } from "../../../db/schema.js";
import { ApiError } from "../../../platform/envelope.js";
import type { FileStorage, ObjectStore, StoredObject } from "../../../platform/storage.js";
import type { ProjectGuard } from "../guard.js";
import { photoPointOf } from "./photo-points.js";
import { timelapseWebp } from "./timelapse-webp.js";

export const tooFewForTimelapse = () => new ApiError(404, "A time-lapse needs at least 2 photos taken from this point.", "not_found");

/** A time-lapse as the route sends it: bytes just made, or the kept file. */
export type Timelapse = { data: Buffer } | { stored: StoredObject };

/**
 * Time-lapses of photo points (docs/decisions/138-photo-points.md): an animated WebP of the latest photos of a point's
 * series, made from their gallery size and kept in the documents' store under a key naming the series' last photo and
 * a digest of every frame, so that it is made again only when the series changes (a photo added or removed).
 */
export function createTimelapses(deps: { db: AppDb; guard: ProjectGuard; photos: FileStorage; store: ObjectStore }) {
  const { db, guard, photos, store } = deps;
  // Requests for a time-lapse being made wait for it instead of making it again.
  const making = new Map<string, Promise<Buffer>>();

  async function framesOf(projectId: number, pointId: number) {
    const rows = await db
      .select({ id: projectPhotos.id, galleryUrl: projectPhotos.galleryUrl })
      .from(projectPhotos)
      .where(and(eq(projectPhotos.projectId, projectId), eq(projectPhotos.photoPointId, pointId)))
      .orderBy(desc(projectPhotos.createdAt), desc(projectPhotos.id))
      .limit(TIMELAPSE_MAX_FRAMES);
    return rows.reverse();
  }

  /** Makes the time-lapse, keeps it under its key and forgets the one it replaces. */
  async function makeAndKeep(pointId: number, key: string, replaced: string | null, frames: readonly { galleryUrl: string }[]) {
    const data = await make(frames);
    await store.put(key, data, "image/webp");
    await db.update(photoPoints).set({ timelapseKey: key }).where(eq(photoPoints.id, pointId));
    if (replaced && replaced !== key) await store.remove(replaced);
    return data;
  }

  async function make(frames: readonly { galleryUrl: string }[]): Promise<Buffer> {
    const pictures: Buffer[] = [];
    for (const frame of frames) {
      const key = photos.keyOf(frame.galleryUrl);
      const stored = key ? await photos.open(key) : null;
      // A photo whose file is gone (or not ours) is left out rather than failing the whole time-lapse.
      if (stored) pictures.push(await buffer(stored.stream));
    }
    if (pictures.length < 2) throw tooFewForTimelapse();
    return timelapseWebp(pictures);
  }

  return {
    async of(viewer: Viewer, projectId: number, pointId: number): Promise<Timelapse> {
      await guard.read(viewer, projectId);
      const point = await photoPointOf(db, projectId, pointId);
      const frames = await framesOf(projectId, pointId);
      const last = frames.at(-1);
      if (!last || frames.length < 2) throw tooFewForTimelapse();
      const digest = createHash("sha256")
        .update(frames.map((frame) => frame.id).join(","))
        .digest("hex")
        .slice(0, 16);
      const key = `timelapses/${projectId}/${pointId}-${last.id}-${digest}.webp`;
      if (point.timelapseKey === key) {
        const stored = await store.open(key);
        if (stored) return { stored };
      }
      let made = making.get(key);
      if (!made) {
        made = makeAndKeep(pointId, key, point.timelapseKey, frames).finally(() => making.delete(key));
        making.set(key, made);
      }
      return { data: await made };
    },
  };
}

export type Timelapses = ReturnType<typeof createTimelapses>;
