import { z } from "zod";
import { evidenceKinds, evidenceVerdicts } from "../evidence.js";
import { count, instant } from "./common.js";
import { personRef } from "./projects.js";

/** An entry of a project's evidence log, with the hashes that chain it (docs/decisions/135-evidence-log-hash-chain.md). */
export const evidenceEntry = z.object({
  id: count,
  sequence: count,
  kind: z.enum(evidenceKinds),
  /** The photo, diary entry or milestone it is about. */
  subjectId: count.nullable(),
  recordedAt: instant,
  recordedBy: personRef.nullable(),
  /** What it records (a photo's own position only for the project office). */
  content: z.record(z.string(), z.unknown()),
  contentHash: z.string(),
  previousHash: z.string(),
  entryHash: z.string(),
});
export type EvidenceEntry = z.output<typeof evidenceEntry>;

/** A page of the log, newest first; nextBefore is the sequence to ask for next, null on the last page. */
export const evidencePage = z.object({ items: z.array(evidenceEntry), nextBefore: count.nullable() });
export type EvidencePage = z.output<typeof evidencePage>;

/** GET /api/projects/{id}/evidence/verify: the chain recomputed with the kept originals' bytes. */
export const evidenceCheck = z.union([
  z.object({ intact: z.literal(true), entries: count, head: z.string() }),
  z.object({ intact: z.literal(false), entries: count, brokenAt: count }),
]);
export type EvidenceCheck = z.output<typeof evidenceCheck>;

/** POST /api/projects/{id}/evidence/match: whether those exact bytes are in the record, and what it says of them. */
export const evidenceMatch = z.object({
  found: z.boolean(),
  match: z
    .object({
      /** original: the bytes as taken; served: the gallery size or the 480p MP4 the portal served. */
      as: z.enum(["original", "served"]),
      entryId: count,
      kind: z.enum(["photo", "video"]),
      /** The photo's or the video's id, as the log recorded it. */
      photoId: count.nullable(),
      videoId: count.nullable(),
      caption: z.string(),
      capturedAt: instant.nullable(),
      receivedAt: instant,
      verdict: z.enum(evidenceVerdicts),
      verdictReason: z.string(),
      distanceMetres: count.nullable(),
      uploadedBy: personRef.nullable(),
      /** When the photo was removed from the project since, if it was. */
      removedAt: instant.nullable(),
    })
    .nullable(),
});
export type EvidenceMatch = z.output<typeof evidenceMatch>;
