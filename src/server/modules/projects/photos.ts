import { and, desc, eq, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { ProjectPhoto } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { milestones, photoPoints, projectPhotos, projects, users } from "../../db/schema.js";
import type { PhotoCapture } from "./evidence/capture-fields.js";
import { type AnsweredCheck, assertLiveCheckAnswers, recordLiveCheckAnswers } from "./evidence/live-check-answers.js";
import type { EvidenceLog } from "./evidence/log.js";
import { photoAddedContent, photoEvidenceColumns } from "./evidence/photo-evidence.js";
import { readSite } from "./evidence/site.js";
import { invalidField } from "./guard.js";
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
    milestoneId: photo.milestoneId,
    liveCheckId: photo.liveCheckId,
    photoPointId: photo.photoPointId,
    uploadedBy: personRef(photo.uploadedById, firstName, lastName, avatar),
    receivedAt: photo.createdAt.toISOString(),
    createdAt: photo.createdAt.toISOString(),
    capturedAt: photo.capturedAt?.toISOString() ?? null,
    source: photo.source,
    sha256: photo.sha256,
    verdict: photo.verdict,
    verdictReason: photo.verdictReason,
    distanceMetres: photo.distanceMetres,
  }));
}

export const photosOfProject = (projectId: number, before?: number) =>
  and(eq(projectPhotos.projectId, projectId), before ? lt(projectPhotos.id, before) : undefined);

export const photosOfLiveChecks = (checkIds: number[]) => inArray(projectPhotos.liveCheckId, checkIds.length > 0 ? checkIds : [-1]);

export const photosOfUpdates = (updateIds: number[]) => inArray(projectPhotos.updateId, updateIds.length > 0 ? updateIds : [-1]);

/** What is said of each stored photo, in the same order: its caption and what the phone said about its capture. */
export type PhotoDetails = { caption: string; capture: PhotoCapture };

/**
 * Records stored photos with the verdict on each and an entry of the evidence log each, and, when the project has no
 * cover yet, makes the first one its cover. Runs inside the caller's transaction: a milestone or a photo point that is
 * not the project's, or a photo that cannot answer the live check it names, refuses the upload whole. Answers the ids and
 * the live checks the photos answered first.
 */
export async function insertPhotoRows(
  tx: AppDb,
  log: EvidenceLog,
  photo: { projectId: number; uploadedById: string; updateId: number | null },
  stored: readonly StoredPhoto[],
  details: readonly PhotoDetails[],
): Promise<{ ids: number[]; answeredChecks: AnsweredCheck[] }> {
  if (stored.length === 0) return { ids: [], answeredChecks: [] };
  const captures = details.map((detail) => detail.capture);
  await assertProjectRows(tx, photo.projectId, captures, [milestoneRows, photoPointRows]);
  await assertLiveCheckAnswers(tx, photo.projectId, captures);
  const site = await readSite(tx, photo.projectId);
  const receivedAt = new Date();
  const rows = await tx
    .insert(projectPhotos)
    .values(
      stored.map((file, index) => {
        const { caption = "", capture = UNSAID } = details[index] ?? {};
        const { thumbUrl, galleryUrl, width, height } = file;
        return { ...photo, thumbUrl, galleryUrl, width, height, caption, ...photoEvidenceColumns(file, capture, site, receivedAt) };
      }),
    )
    .returning();
  for (const row of rows) {
    await log.append(tx, {
      projectId: photo.projectId,
      kind: "photo_added",
      subjectId: row.id,
      content: photoAddedContent(row),
      recordedById: photo.uploadedById,
    });
  }
  const answeredChecks = await recordLiveCheckAnswers(tx, log, photo.projectId, photo.uploadedById, { photos: rows });
  await tx
    .update(projects)
    .set({ coverImage: stored[0]?.galleryUrl })
    .where(and(eq(projects.id, photo.projectId), isNull(projects.coverImage)));
  return { ids: rows.map((row) => row.id), answeredChecks };
}

/** A photo the phone said nothing about: picked from the gallery. */
const UNSAID: PhotoCapture = {
  source: "library",
  capturedAt: null,
  queuedAt: null,
  position: null,
  milestoneId: null,
  liveCheckId: null,
  photoPointId: null,
};

/** A capture field that names one of the project's own rows (a milestone, a photo point), and its refusal. */
type ProjectRowField = {
  field: "milestoneId" | "photoPointId";
  table: typeof milestones | typeof photoPoints;
  message: string;
};
const milestoneRows: ProjectRowField = { field: "milestoneId", table: milestones, message: "Choose one of this project's milestones." };
const photoPointRows: ProjectRowField = {
  field: "photoPointId",
  table: photoPoints,
  message: "Choose one of this project's photo points.",
};

/** Refuses, before anything is saved, captures naming a row of another project (or none) in any of these fields. */
async function assertProjectRows(tx: AppDb, projectId: number, captures: readonly PhotoCapture[], fields: readonly ProjectRowField[]) {
  for (const { field, table, message } of fields) {
    const named = [...new Set(captures.flatMap((capture) => capture[field] ?? []))];
    if (named.length === 0) continue;
    const found = new Set(
      (
        await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.projectId, projectId), inArray(table.id, named)))
      ).map((row) => row.id),
    );
    const index = captures.findIndex((capture) => {
      const id = capture[field];
      return id !== null && !found.has(id);
    });
    if (index >= 0) throw invalidField(`${field}.${index}`, message);
  }
}

/** Refuses, before anything is saved, a photo or video said to show a milestone of another project. */
export const assertProjectMilestones = (tx: AppDb, projectId: number, captures: readonly PhotoCapture[]) =>
  assertProjectRows(tx, projectId, captures, [milestoneRows]);
