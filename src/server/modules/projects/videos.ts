import { rm } from "node:fs/promises";
import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import type { EvidenceContent } from "../../../shared/evidence.js";
import { type CursorPage, type ProjectVideo, photoCaptionSchema } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projectVideos, users } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import type { SpooledFile } from "../../platform/multipart.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import type { ProjectEvents } from "./events.js";
import { captureAt } from "./evidence/capture-fields.js";
import { announceAnsweredChecks, assertLiveCheckAnswers, recordLiveCheckAnswers } from "./evidence/live-check-answers.js";
import type { EvidenceLog } from "./evidence/log.js";
import { readSite } from "./evidence/site.js";
import { judgeCapture } from "./evidence/verdict.js";
import { invalidField, type ProjectGuard } from "./guard.js";
import { personRef } from "./people.js";
import { removePhotoFiles } from "./photo-files.js";
import { assertProjectMilestones } from "./photos.js";
import { touchProject } from "./progress.js";
import { storeVideo } from "./video-files.js";

const VIDEO_PAGE_SIZE = 12;

type VideoRow = typeof projectVideos.$inferSelect;

const videoNotFound = () => new ApiError(404, "Video not found.", "not_found");
const isoOrNull = (moment: Date | null) => moment?.toISOString() ?? null;

/** Videos matching a condition, newest first, with who uploaded them. */
export async function selectVideos(db: AppDb, where: SQL | undefined, limit?: number): Promise<ProjectVideo[]> {
  const query = db
    .select({ video: projectVideos, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
    .from(projectVideos)
    .leftJoin(users, eq(users.id, projectVideos.uploadedById))
    .where(where)
    .orderBy(desc(projectVideos.createdAt), desc(projectVideos.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ video, firstName, lastName, avatar }) => ({
    id: video.id,
    caption: video.caption,
    videoUrl: video.videoUrl,
    posterUrl: video.posterUrl,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
    sizeBytes: video.sizeBytes,
    milestoneId: video.milestoneId,
    liveCheckId: video.liveCheckId,
    uploadedBy: personRef(video.uploadedById, firstName, lastName, avatar),
    receivedAt: video.createdAt.toISOString(),
    capturedAt: isoOrNull(video.capturedAt),
    source: video.source,
    sha256: video.sha256,
    servedSha256: video.servedSha256,
    verdict: video.verdict,
    verdictReason: video.verdictReason,
    distanceMetres: video.distanceMetres,
  }));
}

export const videosOfLiveChecks = (checkIds: number[]) => inArray(projectVideos.liveCheckId, checkIds.length > 0 ? checkIds : [-1]);

/** What the evidence log records of a video added: everything its verdict rests on, and the hashes of its bytes. */
export function videoAddedContent(video: VideoRow): EvidenceContent {
  return {
    videoId: video.id,
    caption: video.caption,
    milestoneId: video.milestoneId,
    liveCheckId: video.liveCheckId,
    uploadedById: video.uploadedById,
    source: video.source,
    capturedAt: isoOrNull(video.capturedAt),
    queuedAt: isoOrNull(video.queuedAt),
    receivedAt: video.createdAt.toISOString(),
    latitude: video.latitude,
    longitude: video.longitude,
    accuracyMetres: video.accuracyMetres,
    durationSeconds: video.durationSeconds,
    exifTakenAt: isoOrNull(video.originalTakenAt),
    exifLatitude: video.originalLatitude,
    exifLongitude: video.originalLongitude,
    sha256: video.sha256,
    servedSha256: video.servedSha256,
    originalKey: video.originalKey,
    verdict: video.verdict,
    verdictReason: video.verdictReason,
    distanceMetres: video.distanceMetres,
  };
}

/** A project's videos: recorded in the capture screen or picked from the phone, judged and recorded as photos are. */
export function createVideos(deps: {
  db: AppDb;
  storage: FileStorage;
  originals: ObjectStore;
  ffmpeg: string;
  log: EvidenceLog;
  guard: ProjectGuard;
  events: ProjectEvents;
}) {
  const { db, storage, originals, log, guard, events } = deps;

  async function videoOf(projectId: number, videoId: number) {
    const [video] = await db
      .select()
      .from(projectVideos)
      .where(and(eq(projectVideos.id, videoId), eq(projectVideos.projectId, projectId)));
    if (!video) throw videoNotFound();
    return video;
  }

  return {
    async list(viewer: Viewer, projectId: number, before?: number): Promise<CursorPage<ProjectVideo>> {
      await guard.read(viewer, projectId);
      const items = await selectVideos(
        db,
        and(eq(projectVideos.projectId, projectId), before ? lt(projectVideos.id, before) : undefined),
        VIDEO_PAGE_SIZE,
      );
      return { items, nextBefore: items.length === VIDEO_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
    },

    /**
     * One video (multipart `video`, with `caption` and the capture fields of capture-fields.ts): converted, stored,
     * judged and recorded in the evidence log, or refused whole. The spooled upload is removed either way.
     */
    async add(viewer: Viewer, projectId: number, upload: { file: SpooledFile; fields: Record<string, string[]> }): Promise<ProjectVideo> {
      try {
        await guard.edit(viewer, projectId);
        const capture = captureAt(upload.fields, 0);
        // A photo point's series and time-lapse are of photos.
        if (capture.photoPointId !== null)
          throw invalidField("photoPointId.0", "A photo point's series is of photos: send the video without one.");
        const caption = photoCaptionSchema.safeParse({ caption: upload.fields.caption?.[0] ?? "" });
        if (!caption.success) throw invalidField("caption", caption.error.issues[0]?.message ?? "");
        const { video, discard } = await storeVideo({ storage, originals, ffmpeg: deps.ffmpeg }, projectId, upload.file);
        try {
          const { id, answered } = await db.transaction(async (tx) => {
            await assertProjectMilestones(tx, projectId, [capture]);
            await assertLiveCheckAnswers(tx, projectId, [capture], "video");
            const site = await readSite(tx, projectId);
            const receivedAt = new Date();
            const judgement = judgeCapture(
              { ...capture, receivedAt, exif: { takenAt: video.original.createdAt, position: video.original.position } },
              site,
            );
            const [row] = await tx
              .insert(projectVideos)
              .values({
                projectId,
                uploadedById: viewer.id,
                caption: caption.data.caption,
                videoUrl: video.videoUrl,
                posterUrl: video.posterUrl,
                width: video.width,
                height: video.height,
                durationSeconds: video.durationSeconds,
                sizeBytes: video.sizeBytes,
                source: capture.source,
                capturedAt: capture.capturedAt,
                queuedAt: capture.queuedAt,
                latitude: capture.position?.latitude ?? null,
                longitude: capture.position?.longitude ?? null,
                accuracyMetres: Number.isFinite(capture.position?.accuracyMetres) ? (capture.position?.accuracyMetres ?? null) : null,
                originalTakenAt: video.original.createdAt,
                originalLatitude: video.original.position?.latitude ?? null,
                originalLongitude: video.original.position?.longitude ?? null,
                sha256: video.sha256,
                servedSha256: video.servedSha256,
                originalKey: video.originalKey,
                verdict: judgement.verdict,
                verdictReason: judgement.reason,
                distanceMetres: judgement.distanceMetres,
                milestoneId: capture.milestoneId,
                liveCheckId: capture.liveCheckId,
                createdAt: receivedAt,
              })
              .returning();
            if (!row) throw new Error("the video's row was not written");
            await log.append(tx, {
              projectId,
              kind: "video_added",
              subjectId: row.id,
              content: videoAddedContent(row),
              recordedById: viewer.id,
            });
            const answeredChecks = await recordLiveCheckAnswers(tx, log, projectId, viewer.id, { videos: [row] });
            await touchProject(tx, projectId);
            return { id: row.id, answered: answeredChecks };
          });
          await events.refresh(projectId, viewer.id);
          await announceAnsweredChecks(events, projectId, viewer.id, answered);
          const [added] = await selectVideos(db, eq(projectVideos.id, id));
          if (!added) throw videoNotFound();
          return added;
        } catch (error) {
          await discard();
          throw error;
        }
      } finally {
        await rm(upload.file.path, { force: true });
      }
    },

    /** Deletes a video and its files, and says so in the evidence log with who and why. */
    async remove(viewer: Viewer, projectId: number, videoId: number, reason: string): Promise<void> {
      await guard.edit(viewer, projectId);
      const video = await videoOf(projectId, videoId);
      await db.transaction(async (tx) => {
        await tx.delete(projectVideos).where(eq(projectVideos.id, videoId));
        await log.append(tx, {
          projectId,
          kind: "video_removed",
          subjectId: videoId,
          content: { videoId, reason, sha256: video.sha256, caption: video.caption },
          recordedById: viewer.id,
        });
      });
      await removePhotoFiles(storage, [video.videoUrl, video.posterUrl]);
      await originals.remove(video.originalKey);
      await events.refresh(projectId, viewer.id);
    },
  };
}

export type Videos = ReturnType<typeof createVideos>;
