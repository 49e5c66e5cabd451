import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { EvidenceContent, EvidenceKind } from "../../../../shared/evidence.js";
import type { AppDb } from "../../../db/client.js";
import { evidenceEntries, projects } from "../../../db/schema.js";
import type { ObjectStore } from "../../../platform/storage.js";
import { type ChainCheck, checkChain, contentHashOf, entryHashOf, GENESIS_HASH, type StoredEntry } from "./chain.js";

/** What an entry is about, as the code that records it says. */
export type NewEvidence = {
  projectId: number;
  kind: EvidenceKind;
  subjectId: number | null;
  content: EvidenceContent;
  recordedById: string | null;
};

/** The entry that added what a removal entry removed. */
const ADDED_BY_REMOVAL: Partial<Record<EvidenceKind, EvidenceKind>> = { photo_removed: "photo_added", video_removed: "video_added" };

/** How many entries the check reads at a time: a long log is never held whole in memory. */
const VERIFY_BATCH = 1000;

/** Where an entry names a kept original: its key in the store and the SHA-256 of its bytes. */
const keptOriginal = (content: EvidenceContent) =>
  typeof content.originalKey === "string" && typeof content.sha256 === "string"
    ? { key: content.originalKey, sha256: content.sha256 }
    : null;

async function sha256OfStored(store: ObjectStore, key: string): Promise<string | null> {
  const stored = await store.open(key);
  if (!stored) return null;
  const hash = createHash("sha256");
  for await (const chunk of stored.stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A project's evidence log (docs/decisions/135-evidence-log-hash-chain.md): entries are appended in the transaction
 * of what they record, and never changed; the check walks the chain and the kept originals' bytes.
 */
export function createEvidenceLog(db: AppDb, originals: ObjectStore) {
  /** Appends an entry after the project's last, in the caller's transaction (the project's row is locked meanwhile). */
  async function append(tx: AppDb, evidence: NewEvidence): Promise<void> {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, evidence.projectId)).for("update");
    const [head] = await tx
      .select({ sequence: evidenceEntries.sequence, entryHash: evidenceEntries.entryHash })
      .from(evidenceEntries)
      .where(eq(evidenceEntries.projectId, evidence.projectId))
      .orderBy(desc(evidenceEntries.sequence))
      .limit(1);
    const fields = {
      sequence: (head?.sequence ?? 0) + 1,
      kind: evidence.kind,
      subjectId: evidence.subjectId,
      recordedById: evidence.recordedById,
      // A Date holds milliseconds, which the database keeps exactly: the hash recomputed from the row is the same.
      recordedAt: new Date(),
      contentHash: contentHashOf(evidence.content),
      previousHash: head?.entryHash ?? GENESIS_HASH,
    };
    await tx
      .insert(evidenceEntries)
      .values({ ...fields, projectId: evidence.projectId, content: evidence.content, entryHash: entryHashOf(fields) });
  }

  async function* entriesOf(projectId: number): AsyncGenerator<StoredEntry> {
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(evidenceEntries)
        .where(and(eq(evidenceEntries.projectId, projectId), gt(evidenceEntries.sequence, after)))
        .orderBy(asc(evidenceEntries.sequence))
        .limit(VERIFY_BATCH);
      yield* batch;
      const last = batch.at(-1);
      if (!last || batch.length < VERIFY_BATCH) return;
      after = last.sequence;
    }
  }

  /**
   * Recomputes the project's chain and each kept original's hash. A photo or video removed later has no original to check:
   * its removal is an entry of the chain, checked like any other.
   */
  async function verify(projectId: number): Promise<ChainCheck> {
    // Photos and videos are numbered apart: a removal names its subject with its kind.
    const removed = new Set<string>();
    for await (const entry of entriesOf(projectId)) {
      const added = ADDED_BY_REMOVAL[entry.kind as EvidenceKind];
      if (added && entry.subjectId) removed.add(`${added}:${entry.subjectId}`);
    }
    return checkChain(entriesOf(projectId), async (entry) => {
      const original = keptOriginal(entry.content);
      if (!original || (entry.subjectId !== null && removed.has(`${entry.kind}:${entry.subjectId}`))) return true;
      return (await sha256OfStored(originals, original.key)) === original.sha256;
    });
  }

  /** A page of the log, newest first, before a sequence number (the cursor of the next page). */
  async function page(projectId: number, options: { before?: number; limit: number }) {
    return db
      .select()
      .from(evidenceEntries)
      .where(and(eq(evidenceEntries.projectId, projectId), options.before ? lt(evidenceEntries.sequence, options.before) : undefined))
      .orderBy(desc(evidenceEntries.sequence))
      .limit(options.limit);
  }

  return { append, verify, page };
}

export type EvidenceLog = ReturnType<typeof createEvidenceLog>;
