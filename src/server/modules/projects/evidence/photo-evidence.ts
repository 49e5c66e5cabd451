import type { EvidenceContent } from "../../../../shared/evidence.js";
import type { ProjectSite } from "../../../../shared/projects.js";
import type { projectPhotos } from "../../../db/schema.js";
import type { StoredPhoto } from "../photo-files.js";
import type { PhotoCapture } from "./capture-fields.js";
import { judgeCapture } from "./verdict.js";

type PhotoRow = typeof projectPhotos.$inferSelect;

const finiteOrNull = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : null);

/** The columns of a new photo's row that keep what its upload saw, and the verdict on it. */
export function photoEvidenceColumns(stored: StoredPhoto, capture: PhotoCapture, site: ProjectSite | null, receivedAt: Date) {
  const judgement = judgeCapture({ ...capture, receivedAt, exif: stored.exif }, site);
  return {
    source: capture.source,
    capturedAt: capture.capturedAt,
    queuedAt: capture.queuedAt,
    latitude: capture.position?.latitude ?? null,
    longitude: capture.position?.longitude ?? null,
    accuracyMetres: finiteOrNull(capture.position?.accuracyMetres),
    exifTakenAt: stored.exif.takenAt,
    exifLatitude: stored.exif.position?.latitude ?? null,
    exifLongitude: stored.exif.position?.longitude ?? null,
    sha256: stored.sha256,
    gallerySha256: stored.gallerySha256,
    originalKey: stored.originalKey,
    verdict: judgement.verdict,
    verdictReason: judgement.reason,
    distanceMetres: judgement.distanceMetres,
    milestoneId: capture.milestoneId,
    liveCheckId: capture.liveCheckId,
    photoPointId: capture.photoPointId,
    createdAt: receivedAt,
  };
}

const isoOrNull = (moment: Date | null) => moment?.toISOString() ?? null;

/** What the evidence log records of a photo added: everything its verdict rests on, and the hashes of its bytes. */
export function photoAddedContent(photo: PhotoRow): EvidenceContent {
  return {
    photoId: photo.id,
    caption: photo.caption,
    updateId: photo.updateId,
    milestoneId: photo.milestoneId,
    liveCheckId: photo.liveCheckId,
    photoPointId: photo.photoPointId,
    uploadedById: photo.uploadedById,
    source: photo.source,
    capturedAt: isoOrNull(photo.capturedAt),
    queuedAt: isoOrNull(photo.queuedAt),
    receivedAt: photo.createdAt.toISOString(),
    latitude: photo.latitude,
    longitude: photo.longitude,
    accuracyMetres: photo.accuracyMetres,
    exifTakenAt: isoOrNull(photo.exifTakenAt),
    exifLatitude: photo.exifLatitude,
    exifLongitude: photo.exifLongitude,
    sha256: photo.sha256,
    gallerySha256: photo.gallerySha256,
    originalKey: photo.originalKey,
    verdict: photo.verdict,
    verdictReason: photo.verdictReason,
    distanceMetres: photo.distanceMetres,
  };
}
