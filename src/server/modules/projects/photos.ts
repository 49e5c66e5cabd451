import { and, desc, eq, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { ProjectPhoto } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projectPhotos, projects, users } from "../../db/schema.js";
import { personRef } from "./people.js";
import type { StoredPhoto } from "./photo-files.js";

/** Photos matching a condition, newest first, with who uploaded them. */
export async function selectPhotos(db: AppDb, where: SQL | undefined, limit?: number): Promise<ProjectPhoto[]> {
  const query = db
    .select({
      photo: projectPhotos,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatarUrl,
    })
    .from(projectPhotos)
    .leftJoin(users, eq(users.id, projectPhotos.uploadedById))
    .where(where)
    .orderBy(desc(projectPhotos.createdAt), desc(projectPhotos.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ photo, firstName, lastName, avatar }) => ({
    id: photo.id,
    caption: photo.caption,
    thumbUrl: photo.thumbUrl,
    galleryUrl: photo.galleryUrl,
    width: photo.width,
    height: photo.height,
    updateId: photo.updateId,
    uploadedBy: personRef(photo.uploadedById, firstName, lastName, avatar),
    createdAt: photo.createdAt.toISOString(),
  }));
}

export const photosOfProject = (projectId: number, before?: number) =>
  and(eq(projectPhotos.projectId, projectId), before ? lt(projectPhotos.id, before) : undefined);

export const photosOfUpdates = (updateIds: number[]) => inArray(projectPhotos.updateId, updateIds.length > 0 ? updateIds : [-1]);

/**
 * Records stored photos (captions in the same order) and, when the project has no cover yet,
 * makes the first one its cover. Runs inside the caller's transaction.
 */
export async function insertPhotoRows(
  tx: AppDb,
  photo: { projectId: number; uploadedById: string; updateId: number | null },
  stored: readonly StoredPhoto[],
  captions: readonly string[],
): Promise<number[]> {
  if (stored.length === 0) return [];
  const rows = await tx
    .insert(projectPhotos)
    .values(stored.map((file, index) => ({ ...photo, ...file, caption: captions[index] ?? "" })))
    .returning({ id: projectPhotos.id });
  await tx
    .update(projects)
    .set({ coverImage: stored[0]?.galleryUrl })
    .where(and(eq(projects.id, photo.projectId), isNull(projects.coverImage)));
  return rows.map((row) => row.id);
}
