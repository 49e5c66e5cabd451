// The terms of a project's evidence, without zod, so that a badge or a list can label them without the validators.

/** What an entry of a project's evidence log records (docs/decisions/135-evidence-log-hash-chain.md). */
export const evidenceKinds = [
  "photo_added",
  "photo_removed",
  "video_added",
  "video_removed",
  "diary_entry",
  "milestone_done",
  "milestone_reopened",
  "live_check_requested",
  "live_check_answered",
] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

/** verified: the portal's camera, on the site, sent at once; outside_site: taken beyond the site; unverified: neither can be said. */
export const evidenceVerdicts = ["verified", "outside_site", "unverified"] as const;
export type EvidenceVerdict = (typeof evidenceVerdicts)[number];

export const evidenceVerdictLabels: Record<EvidenceVerdict, string> = {
  verified: "Verified",
  outside_site: "Outside the site",
  unverified: "Unverified",
};

/** camera: taken in the portal's capture screen; library: picked from the phone's gallery. */
export const captureSources = ["camera", "library"] as const;
export type CaptureSource = (typeof captureSources)[number];

/**
 * What the phone may say about each photo of an upload: multipart fields sent once per photo, in the order of the files
 * (an empty value is not said). Checked by photoCaptureSchema (src/shared/projects.ts).
 */
export const captureFields = [
  "source",
  "capturedAt",
  "queuedAt",
  "latitude",
  "longitude",
  "accuracyMetres",
  "milestoneId",
  "liveCheckId",
  "photoPointId",
] as const;
export type CaptureField = (typeof captureFields)[number];

/** A live check: open until answered, late once past its due time unanswered. */
export const liveCheckStatuses = ["open", "answered", "late"] as const;
export type LiveCheckStatus = (typeof liveCheckStatuses)[number];

export const liveCheckStatusLabels: Record<LiveCheckStatus, string> = { open: "Open", answered: "Answered", late: "Late" };

/** How long the site has to answer a live check, by default and at most (a project may set its own). */
export const DEFAULT_LIVE_CHECK_HOURS = 24;
export const MAX_LIVE_CHECK_HOURS = 168;

/** Fixed viewpoints a project may have (docs/decisions/138-photo-points.md): plenty for a large estate, a ceiling for abuse. */
export const MAX_PHOTO_POINTS = 50;
export const PHOTO_POINT_NAME_MAX = 80;
/** A point's time-lapse: each photo shows this long, the latest this many play, at most this wide. */
export const TIMELAPSE_FRAME_MS = 700;
export const TIMELAPSE_MAX_FRAMES = 120;
export const TIMELAPSE_MAX_WIDTH = 960;

/** The largest circle a site may be drawn as, in metres (a large estate), and the default. */
export const MAX_SITE_RADIUS_METRES = 5000;
export const DEFAULT_SITE_RADIUS_METRES = 100;

/** What an evidence entry records about its subject: JSON, hashed in a canonical form. */
export type EvidenceContent = { [key: string]: EvidenceValue };
export type EvidenceValue = string | number | boolean | null | EvidenceValue[] | { [key: string]: EvidenceValue };

export type { EvidenceCheck, EvidenceEntry, EvidenceMatch, EvidencePage } from "./answers/evidence.js";
