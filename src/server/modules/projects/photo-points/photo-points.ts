import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Viewer } from "../../../../shared/access.js";
import { MAX_PHOTO_POINTS } from "../../../../shared/evidence.js";
import type { PhotoPoint, PhotoPointSeries, photoPointCreateSchema } from "../../../../shared/projects.js";
import type { AppDb } from "../../../db/client.js";
import { isUniqueViolation } from "../../../db/errors.js";
import { photoPoints, projectPhotos, projects, users } from "../../../db/schema.js";
import { ApiError } from "../../../platform/envelope.js";
import { invalidField, type ProjectGuard, projectNotFound } from "../guard.js";
import { personRef } from "../people.js";
import { selectPhotos } from "../photos.js";

type PhotoPointRow = typeof photoPoints.$inferSelect;

export const photoPointNotFound = () => new ApiError(404, "Photo point not found.", "not_found");

/** The point of this project with this id, or a 404 (a point of another project is not found either). */
export async function photoPointOf(db: AppDb, projectId: number, pointId: number): Promise<PhotoPointRow> {
  const [point] = await db
    .select()
    .from(photoPoints)
    .where(and(eq(photoPoints.id, pointId), eq(photoPoints.projectId, projectId)));
  if (!point) throw photoPointNotFound();
  return point;
}

/** The photos taken from these points, as the photo list answers them, newest first. */
const photosAt = (projectId: number, pointIds: number[]) =>
  and(eq(projectPhotos.projectId, projectId), inArray(projectPhotos.photoPointId, pointIds.length > 0 ? pointIds : [-1]));

/**
 * Photo points (docs/decisions/138-photo-points.md): fixed viewpoints the project office names on a site; the photos
 * taken from one form its series. Readers of the project see them; its editors name them.
 */
export function createPhotoPoints(deps: { db: AppDb; guard: ProjectGuard }) {
  const { db, guard } = deps;

  /** Each point with who named it, how many photos it has and the latest of them. */
  async function shown(projectId: number, rows: readonly PhotoPointRow[]): Promise<PhotoPoint[]> {
    const ids = rows.map((row) => row.id);
    const creatorIds = [...new Set(rows.flatMap((row) => (row.createdById ? [row.createdById] : [])))];
    const creators =
      creatorIds.length === 0
        ? []
        : await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
            .from(users)
            .where(inArray(users.id, creatorIds));
    const counts = await db
      .select({ pointId: projectPhotos.photoPointId, photos: count() })
      .from(projectPhotos)
      .where(photosAt(projectId, ids))
      .groupBy(projectPhotos.photoPointId);
    const latestIds = await db
      .selectDistinctOn([projectPhotos.photoPointId], { id: projectPhotos.id })
      .from(projectPhotos)
      .where(photosAt(projectId, ids))
      .orderBy(projectPhotos.photoPointId, desc(projectPhotos.createdAt), desc(projectPhotos.id));
    const latest = await selectPhotos(db, inArray(projectPhotos.id, latestIds.length > 0 ? latestIds.map((row) => row.id) : [-1]));
    return rows.map((row) => {
      const creator = creators.find((person) => person.id === row.createdById);
      return {
        id: row.id,
        name: row.name,
        latitude: row.latitude,
        longitude: row.longitude,
        bearing: row.bearing,
        createdBy: creator ? personRef(creator.id, creator.firstName, creator.lastName, creator.avatar) : null,
        createdAt: row.createdAt.toISOString(),
        photoCount: counts.find((entry) => entry.pointId === row.id)?.photos ?? 0,
        latestPhoto: latest.find((photo) => photo.photoPointId === row.id) ?? null,
      };
    });
  }

  async function shownOne(projectId: number, row: PhotoPointRow): Promise<PhotoPoint> {
    const [point] = await shown(projectId, [row]);
    if (!point) throw new Error("the photo point vanished");
    return point;
  }

  return {
    async list(viewer: Viewer, projectId: number): Promise<{ items: PhotoPoint[] }> {
      await guard.read(viewer, projectId);
      const rows = await db
        .select()
        .from(photoPoints)
        .where(eq(photoPoints.projectId, projectId))
        .orderBy(asc(photoPoints.createdAt), asc(photoPoints.id));
      return { items: await shown(projectId, rows) };
    },

    /** The point and every photo taken from it, oldest first. */
    async series(viewer: Viewer, projectId: number, pointId: number): Promise<PhotoPointSeries> {
      await guard.read(viewer, projectId);
      const row = await photoPointOf(db, projectId, pointId);
      const photos = (await selectPhotos(db, photosAt(projectId, [pointId]))).reverse();
      return { point: await shownOne(projectId, row), photos };
    },

    /** A new point, named like no other of the project (whatever the case), within the project's allowance. */
    async create(viewer: Viewer, projectId: number, input: z.output<typeof photoPointCreateSchema>): Promise<PhotoPoint> {
      await guard.edit(viewer, projectId);
      let row: PhotoPointRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          // The project's row is the lock that keeps two requests from passing the allowance together.
          const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
          if (!project) throw projectNotFound();
          const [existing] = await tx.select({ points: count() }).from(photoPoints).where(eq(photoPoints.projectId, projectId));
          if ((existing?.points ?? 0) >= MAX_PHOTO_POINTS) {
            throw invalidField("name", `A project has at most ${MAX_PHOTO_POINTS} photo points.`);
          }
          const [inserted] = await tx
            .insert(photoPoints)
            .values({
              projectId,
              name: input.name,
              latitude: input.latitude ?? null,
              longitude: input.longitude ?? null,
              bearing: input.bearing ?? null,
              createdById: viewer.id,
            })
            .returning();
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidField("name", "Another photo point of this project already has this name.");
        throw error;
      }
      if (!row) throw new Error("the photo point was not inserted");
      return shownOne(projectId, row);
    },
  };
}

export type PhotoPoints = ReturnType<typeof createPhotoPoints>;

/** The keys of the time-lapses kept for a project's points, to remove with the project. */
export async function timelapseKeysOfProject(db: AppDb, projectId: number): Promise<string[]> {
  const rows = await db
    .select({ key: photoPoints.timelapseKey })
    .from(photoPoints)
    .where(and(eq(photoPoints.projectId, projectId), sql`${photoPoints.timelapseKey} IS NOT NULL`));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
