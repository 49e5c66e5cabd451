import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { canRunProjects, type Viewer } from "../../../../shared/access.js";
import type { EvidenceCheck, EvidenceEntry, EvidenceMatch, EvidencePage } from "../../../../shared/evidence.js";
import type { AppDb } from "../../../db/client.js";
import { evidenceEntries, users } from "../../../db/schema.js";
import type { ProjectGuard } from "../guard.js";
import { personRef } from "../people.js";
import type { EvidenceLog } from "./log.js";

const EVIDENCE_PAGE_SIZE = 50;

/** A photo's own EXIF position is for the project office only (it may show where someone lives). */
const OFFICE_ONLY = ["exifLatitude", "exifLongitude", "originalKey"];

type EntryRow = typeof evidenceEntries.$inferSelect;

async function recorders(db: AppDb, rows: readonly EntryRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.recordedById ? [row.recordedById] : [])))];
  if (ids.length === 0) return new Map<string, ReturnType<typeof personRef>>();
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(people.map((person) => [person.id, personRef(person.id, person.firstName, person.lastName, person.avatar)]));
}

/** What the project's readers see of its evidence log, its check, and whether a file is in it. */
export function createEvidence(deps: { db: AppDb; log: EvidenceLog; guard: ProjectGuard }) {
  const { db, log, guard } = deps;

  function shown(row: EntryRow, viewer: Viewer, people: Map<string, ReturnType<typeof personRef>>): EvidenceEntry {
    const content = canRunProjects(viewer)
      ? row.content
      : Object.fromEntries(Object.entries(row.content).filter(([key]) => !OFFICE_ONLY.includes(key)));
    return {
      id: row.id,
      sequence: row.sequence,
      kind: row.kind,
      subjectId: row.subjectId,
      recordedAt: row.recordedAt.toISOString(),
      // A deleted account's entries keep its id (the hash covers it) but no longer name anyone.
      recordedBy: (row.recordedById && people.get(row.recordedById)) || null,
      content,
      contentHash: row.contentHash,
      previousHash: row.previousHash,
      entryHash: row.entryHash,
    };
  }

  return {
    async page(viewer: Viewer, projectId: number, before?: number): Promise<EvidencePage> {
      await guard.read(viewer, projectId);
      const rows = await log.page(projectId, { before, limit: EVIDENCE_PAGE_SIZE });
      const people = await recorders(db, rows);
      const last = rows.at(-1);
      return {
        items: rows.map((row) => shown(row, viewer, people)),
        nextBefore: rows.length === EVIDENCE_PAGE_SIZE && last ? last.sequence : null,
      };
    },

    async verify(viewer: Viewer, projectId: number): Promise<EvidenceCheck> {
      await guard.read(viewer, projectId);
      return log.verify(projectId);
    },

    /** The photo or video whose original or served bytes have this SHA-256, as the log recorded it when it was added. */
    async match(viewer: Viewer, projectId: number, sha256: string): Promise<EvidenceMatch> {
      await guard.read(viewer, projectId);
      const [added] = await db
        .select()
        .from(evidenceEntries)
        .where(
          and(
            eq(evidenceEntries.projectId, projectId),
            inArray(evidenceEntries.kind, ["photo_added", "video_added"]),
            or(
              sql`${evidenceEntries.content}->>'sha256' = ${sha256}`,
              sql`${evidenceEntries.content}->>'gallerySha256' = ${sha256}`,
              sql`${evidenceEntries.content}->>'servedSha256' = ${sha256}`,
            ),
          ),
        )
        .orderBy(desc(evidenceEntries.sequence))
        .limit(1);
      if (!added?.subjectId) return { found: false, match: null };
      const isVideo = added.kind === "video_added";
      const [removed] = await db
        .select({ recordedAt: evidenceEntries.recordedAt })
        .from(evidenceEntries)
        .where(
          and(
            eq(evidenceEntries.projectId, projectId),
            eq(evidenceEntries.kind, isVideo ? "video_removed" : "photo_removed"),
            eq(evidenceEntries.subjectId, added.subjectId),
          ),
        )
        .limit(1);
      const content = added.content;
      const text = (key: string) => (typeof content[key] === "string" ? (content[key] as string) : null);
      const people = await recorders(db, [added]);
      return {
        found: true,
        match: {
          as: text("sha256") === sha256 ? "original" : "served",
          entryId: added.id,
          kind: isVideo ? "video" : "photo",
          photoId: isVideo ? null : added.subjectId,
          videoId: isVideo ? added.subjectId : null,
          caption: text("caption") ?? "",
          capturedAt: text("capturedAt"),
          receivedAt: text("receivedAt") ?? added.recordedAt.toISOString(),
          verdict: content.verdict === "verified" || content.verdict === "outside_site" ? content.verdict : "unverified",
          verdictReason: text("verdictReason") ?? "",
          distanceMetres: typeof content.distanceMetres === "number" ? content.distanceMetres : null,
          uploadedBy: (added.recordedById && people.get(added.recordedById)) || null,
          removedAt: removed?.recordedAt.toISOString() ?? null,
        },
      };
    },
  };
}

export type Evidence = ReturnType<typeof createEvidence>;
