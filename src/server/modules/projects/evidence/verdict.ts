import type { CaptureSource, EvidenceVerdict } from "../../../../shared/evidence.js";
import { distanceMetres, distanceText, type Position } from "../../../../shared/geo.js";
import type { ProjectSite } from "../../../../shared/projects.js";

/*
 * The verdict on a photo or video: whether it can be trusted to show this site at the time it claims
 * (docs/decisions/135-evidence-log-hash-chain.md). Pure: the upload records what it saw and this judges it.
 */

/** A position less precise than this cannot place a capture on a site (an accuracy is the phone's own claim). */
export const MAX_ACCURACY_METRES = 100;

/** How long a capture may precede its upload (or its place in the phone's offline queue) and still be verified. */
export const CAPTURE_FRESHNESS_MS = 15 * 60 * 1000;

export type CaptureFacts = {
  /** camera: taken in the portal's capture screen; library: picked from the phone's gallery. */
  source: CaptureSource;
  /** The device's time and position when it was taken, as the phone reported them. */
  capturedAt: Date | null;
  position: (Position & { accuracyMetres: number }) | null;
  /** When the server received the file, and when the phone queued it while offline (if it did). */
  receivedAt: Date;
  queuedAt: Date | null;
  /** The original file's own EXIF time and position, read before the metadata was stripped. */
  exif: { takenAt: Date | null; position: Position | null };
};

export type Judgement = { verdict: EvidenceVerdict; reason: string; distanceMetres: number | null };

/** "3 hours", "12 days": how far apart two moments are, for a reason. */
function spanText(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}

/** Whether a capture time is within the freshness window of its receipt, or of its place in the offline queue. */
function freshness(capturedAt: Date, facts: CaptureFacts): { fresh: boolean; gapMs: number } {
  const gaps = [facts.receivedAt, facts.queuedAt]
    .filter((moment): moment is Date => moment !== null)
    .map((moment) => moment.getTime() - capturedAt.getTime());
  const gapMs = Math.min(...gaps.map(Math.abs));
  // A capture later than its receipt is a wrong clock, not a fresh photo: allow a minute of drift.
  const fresh = gaps.some((gap) => gap >= -60_000 && gap <= CAPTURE_FRESHNESS_MS);
  return { fresh, gapMs };
}

/** Judges one photo or video against the project's site. */
export function judgeCapture(facts: CaptureFacts, site: ProjectSite | null): Judgement {
  if (!site)
    return {
      verdict: "unverified",
      reason: "No site is set for this project, so where it was taken cannot be checked.",
      distanceMetres: null,
    };

  if (facts.source === "library") {
    const { takenAt, position } = facts.exif;
    if (!takenAt || !position) {
      return { verdict: "unverified", reason: "Picked from the phone's gallery, without its own time and place.", distanceMetres: null };
    }
    const distance = distanceMetres(position, site);
    if (distance > site.radiusMetres) {
      return {
        verdict: "outside_site",
        reason: `Taken ${distanceText(distance)} from the site, by its own position.`,
        distanceMetres: Math.round(distance),
      };
    }
    const { fresh, gapMs } = freshness(takenAt, facts);
    if (!fresh) {
      return {
        verdict: "unverified",
        reason: `Picked from the phone's gallery; its own time is ${spanText(gapMs)} before it was sent.`,
        distanceMetres: Math.round(distance),
      };
    }
    return {
      verdict: "unverified",
      reason: "Picked from the phone's gallery: its own time and place fit the site, but it was not taken in the portal's camera.",
      distanceMetres: Math.round(distance),
    };
  }

  if (!facts.position || !facts.capturedAt) {
    return {
      verdict: "unverified",
      reason: "Taken without the phone's position, so where it was taken cannot be checked.",
      distanceMetres: null,
    };
  }
  const distance = distanceMetres(facts.position, site);
  if (facts.position.accuracyMetres > MAX_ACCURACY_METRES) {
    return {
      verdict: "unverified",
      reason: `The phone's position was accurate only to ${distanceText(facts.position.accuracyMetres)}.`,
      distanceMetres: Math.round(distance),
    };
  }
  // The phone's position is a circle of its reported accuracy: outside only when the whole circle is.
  if (distance - facts.position.accuracyMetres > site.radiusMetres) {
    return { verdict: "outside_site", reason: `Taken ${distanceText(distance)} from the site.`, distanceMetres: Math.round(distance) };
  }
  const { fresh, gapMs } = freshness(facts.capturedAt, facts);
  if (!fresh) {
    return { verdict: "unverified", reason: `Taken ${spanText(gapMs)} before it was sent.`, distanceMetres: Math.round(distance) };
  }
  return {
    verdict: "verified",
    reason: "Taken in the portal's camera on the site, and sent at once.",
    distanceMetres: Math.round(distance),
  };
}
