import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ApiError } from "../../../shared/api.js";
import { projectMessages, VIDEO_MAX_SECONDS } from "../../../shared/projects.js";
import { convertVideo, probeVideo, type VideoProbe, VideoUnreadable } from "../../platform/ffmpeg.js";
import type { SpooledFile } from "../../platform/multipart.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";

/**
 * A video as stored: the 480p MP4 and its poster served (private media), the original kept privately for the evidence
 * log with its SHA-256, and what the container said of its own time and place.
 */
export type StoredVideo = {
  videoUrl: string;
  posterUrl: string;
  width: number;
  height: number;
  durationSeconds: number;
  sizeBytes: number;
  sha256: string;
  servedSha256: string;
  originalKey: string;
  original: Pick<VideoProbe, "createdAt" | "position">;
};

const unsupportedVideo = () =>
  new ApiError(400, projectMessages.unsupportedVideo, "unsupported_video", { video: projectMessages.unsupportedVideo });

/**
 * What the bytes say the file is: an ISO media file (MP4, MOV: `ftyp` at offset 4) or Matroska/WebM (EBML magic), so
 * that ffmpeg is never handed a playlist, an image sequence or anything else it could read.
 */
async function assertVideoContainer(file: string) {
  const handle = await open(file, "r");
  const head = Buffer.alloc(12);
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  const isoMedia = head.subarray(4, 8).toString("latin1") === "ftyp";
  const matroska = head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  if (!isoMedia && !matroska) throw unsupportedVideo();
}

/**
 * Converts at most one video at a time (ffmpeg takes a core) with a short queue behind it: beyond, 503 and try again.
 * Each instance has its own.
 */
function oneAtATime(maxWaiting: number) {
  let running: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (waiting >= maxWaiting) throw new ApiError(503, projectMessages.videoBusy, "busy");
    waiting += 1;
    const turn = running.then(
      () => work(),
      () => work(),
    );
    running = turn.catch(() => undefined);
    try {
      return await turn;
    } finally {
      waiting -= 1;
    }
  };
}

const inTurn = oneAtATime(4);

/**
 * Checks, converts and stores one spooled video; the answer's discard() removes what was stored, for a caller whose
 * database step then fails. The spooled file is the caller's to remove.
 */
export async function storeVideo(
  stores: { storage: FileStorage; originals: ObjectStore; ffmpeg: string },
  projectId: number,
  upload: SpooledFile,
): Promise<{ video: StoredVideo; discard: () => Promise<void> }> {
  await assertVideoContainer(upload.path);
  const work = await mkdtemp(path.join(tmpdir(), "crestbuild-video-"));
  try {
    return await inTurn(async () => {
      const probe = await probeVideo(stores.ffmpeg, upload.path).catch((error: unknown) => {
        throw error instanceof VideoUnreadable ? unsupportedVideo() : error;
      });
      if (probe.durationSeconds > VIDEO_MAX_SECONDS)
        throw new ApiError(400, projectMessages.videoTooLong, "video_too_long", { video: projectMessages.videoTooLong });
      const output = { video: path.join(work, "video.mp4"), poster: path.join(work, "poster.jpg") };
      await convertVideo(stores.ffmpeg, upload.path, output, probe.durationSeconds).catch((error: unknown) => {
        throw error instanceof VideoUnreadable ? unsupportedVideo() : error;
      });
      const served = await readFile(output.video);
      const poster = await sharp(await readFile(output.poster))
        .webp({ quality: 75 })
        .toBuffer({ resolveWithObject: true });
      const id = randomUUID();
      const name = `projects/${projectId}/${id}`;
      const originalKey = `evidence/${projectId}/${id}`;
      const written: string[] = [];
      const discard = async () => {
        await Promise.all([...written.splice(0).map((key) => stores.storage.remove(key)), stores.originals.remove(originalKey)]);
      };
      try {
        await stores.originals.put(originalKey, await readFile(upload.path));
        written.push(`${name}-480p.mp4`);
        const videoUrl = await stores.storage.save(`${name}-480p.mp4`, served);
        written.push(`${name}-poster.webp`);
        const posterUrl = await stores.storage.save(`${name}-poster.webp`, poster.data);
        return {
          video: {
            videoUrl,
            posterUrl,
            width: poster.info.width,
            height: poster.info.height,
            durationSeconds: Math.round(probe.durationSeconds * 10) / 10,
            sizeBytes: served.length,
            sha256: upload.sha256,
            servedSha256: createHash("sha256").update(served).digest("hex"),
            originalKey,
            original: { createdAt: probe.createdAt, position: probe.position },
          },
          discard,
        };
      } catch (error) {
        await discard();
        throw error;
      }
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
