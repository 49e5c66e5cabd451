import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Viewer } from "../../../shared/access.js";
import { type CursorPage, type ProjectPhoto, photoCaptionSchema, projectMessages } from "../../../shared/projects.js";
import { productWording } from "../../../shared/wording.js";
import { projectPhotos, projects } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import type { MultipartUpload } from "../../platform/multipart.js";
import { capturesOf } from "./evidence/capture-fields.js";
import { announceAnsweredChecks } from "./evidence/live-check-answers.js";
import { type PhotoKeepingDeps, removePhotoFiles, storePhotos } from "./photo-files.js";
import { insertPhotoRows, type PhotoDetails, photosOfProject, selectPhotos } from "./photos.js";
import { touchProject } from "./progress.js";

const GALLERY_PAGE_SIZE = 24;

const photoNotFound = () => new ApiError(404, "Photo not found.", "not_found");

/** Captions of a multipart upload, in the order of the photos. */
export function captionsOf(upload: MultipartUpload): string[] {
  return (upload.fields.caption ?? []).map((caption, index) => {
    const parsed = photoCaptionSchema.safeParse({ caption });
    if (!parsed.success) {
      throw new ApiError(400, productWording.validationFailed, "validation_failed", {
        [`caption.${index}`]: parsed.error.issues[0]?.message ?? "",
      });
    }
    return parsed.data.caption;
  });
}

/** Each photo of an upload with its caption and what the phone said about its capture (fields repeated in order). */
export function photoDetailsOf(upload: MultipartUpload): PhotoDetails[] {
  const captions = captionsOf(upload);
  return capturesOf(upload).map((capture, index) => ({ caption: captions[index] ?? "", capture }));
}

/** The project's photo gallery: every photo, whether uploaded to the gallery or with a site diary entry. */
export function createGallery(deps: PhotoKeepingDeps) {
  const { db, storage, originals, log, guard, events } = deps;

  async function photoOf(projectId: number, photoId: number) {
    const [photo] = await db
      .select()
      .from(projectPhotos)
      .where(and(eq(projectPhotos.id, photoId), eq(projectPhotos.projectId, projectId)));
    if (!photo) throw photoNotFound();
    return photo;
  }

  return {
    async list(viewer: Viewer, projectId: number, before?: number): Promise<CursorPage<ProjectPhoto>> {
      await guard.read(viewer, projectId);
      const items = await selectPhotos(db, photosOfProject(projectId, before), GALLERY_PAGE_SIZE);
      return { items, nextBefore: items.length === GALLERY_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
    },

    /**
     * Several photos at once (multipart field `images`, and in the order of the files optional `caption` and capture
     * fields, capture-fields.ts): all are kept with their verdict and evidence entry, or none.
     */
    async add(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<ProjectPhoto[]> {
      await guard.edit(viewer, projectId);
      if (upload.files.length === 0) throw new ApiError(400, projectMessages.noPhotos, "no_file", { images: projectMessages.noPhotos });
      const details = photoDetailsOf(upload);
      const { photos, discard } = await storePhotos({ storage, originals }, projectId, upload.files);
      let inserted: Awaited<ReturnType<typeof insertPhotoRows>>;
      try {
        inserted = await db.transaction(async (tx) => {
          const rows = await insertPhotoRows(tx, log, { projectId, uploadedById: viewer.id, updateId: null }, photos, details);
          await touchProject(tx, projectId);
          return rows;
        });
      } catch (error) {
        await discard();
        throw error;
      }
      const { ids, answeredChecks } = inserted;
      await events.refresh(projectId, viewer.id);
      await announceAnsweredChecks(events, projectId, viewer.id, answeredChecks);
      // Newest first from the query; the answer keeps the order of the upload.
      return (await selectPhotos(db, inArray(projectPhotos.id, ids))).reverse();
    },

    async setCaption(
      viewer: Viewer,
      projectId: number,
      photoId: number,
      { caption }: z.output<typeof photoCaptionSchema>,
    ): Promise<ProjectPhoto> {
      await guard.edit(viewer, projectId);
      await photoOf(projectId, photoId);
      await db.update(projectPhotos).set({ caption }).where(eq(projectPhotos.id, photoId));
      await events.refresh(projectId, viewer.id);
      const [photo] = await selectPhotos(db, eq(projectPhotos.id, photoId));
      if (!photo) throw photoNotFound();
      return photo;
    },

    /**
     * Deletes a photo and its files, and says so in the evidence log with who and why; if it was the cover, the newest
     * other photo becomes the cover.
     */
    async remove(viewer: Viewer, projectId: number, photoId: number, reason: string): Promise<void> {
      await guard.edit(viewer, projectId);
      const photo = await photoOf(projectId, photoId);
      await db.transaction(async (tx) => {
        await tx.delete(projectPhotos).where(eq(projectPhotos.id, photoId));
        await log.append(tx, {
          projectId,
          kind: "photo_removed",
          subjectId: photoId,
          content: { photoId, reason, sha256: photo.sha256, caption: photo.caption },
          recordedById: viewer.id,
        });
        const [next] = await tx
          .select({ url: projectPhotos.galleryUrl })
          .from(projectPhotos)
          .where(and(eq(projectPhotos.projectId, projectId), ne(projectPhotos.id, photoId)))
          .orderBy(desc(projectPhotos.createdAt), desc(projectPhotos.id))
          .limit(1);
        await tx
          .update(projects)
          .set({ coverImage: next?.url ?? null, updatedAt: new Date() })
          .where(and(eq(projects.id, projectId), eq(projects.coverImage, photo.galleryUrl)));
      });
      await removePhotoFiles(storage, [photo.thumbUrl, photo.galleryUrl]);
      if (photo.originalKey) await originals.remove(photo.originalKey);
      await events.refresh(projectId, viewer.id);
    },
  };
}

export type Gallery = ReturnType<typeof createGallery>;
