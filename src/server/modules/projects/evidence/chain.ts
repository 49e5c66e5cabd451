import { createHash } from "node:crypto";
import type { EvidenceContent, EvidenceValue } from "../../../../shared/evidence.js";

/*
 * A project's evidence log is a hash chain: each entry holds the hash of its content and the hash of the entry before
 * it, so changing, removing or reordering any entry changes every hash after it
 * (docs/decisions/135-evidence-log-hash-chain.md).
 */

/** The hash an entry with no entry before it links to. */
export const GENESIS_HASH = "0".repeat(64);

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** JSON with its keys sorted at every level, so the same content always hashes the same (whatever the key order). */
export function canonicalJson(value: EvidenceValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const contentHashOf = (content: EvidenceContent) => sha256Hex(canonicalJson(content));

/** What an entry's own hash covers: its place, kind, subject, author, time, content and the entry before it. */
export type ChainedFields = {
  sequence: number;
  kind: string;
  subjectId: number | null;
  recordedById: string | null;
  recordedAt: Date;
  contentHash: string;
  previousHash: string;
};

export const entryHashOf = (entry: ChainedFields) =>
  sha256Hex(
    [
      entry.previousHash,
      entry.sequence,
      entry.kind,
      entry.subjectId ?? "",
      entry.recordedById ?? "",
      entry.recordedAt.toISOString(),
      entry.contentHash,
    ].join("\n"),
  );

export type StoredEntry = ChainedFields & { id: number; content: EvidenceContent; entryHash: string };

/** The chain checked from its first entry: intact with its head, or the id of the first entry that does not match. */
export type ChainCheck = { intact: true; entries: number; head: string } | { intact: false; entries: number; brokenAt: number };

/**
 * Walks the entries in order: each must follow the one before (sequence and link), and its content and its own hash
 * must be what they were when it was written. `fileMatches` says whether the files an entry names still have the
 * bytes it recorded.
 */
export async function checkChain(
  entries: AsyncIterable<StoredEntry> | Iterable<StoredEntry>,
  fileMatches: (entry: StoredEntry) => Promise<boolean>,
): Promise<ChainCheck> {
  let previousHash = GENESIS_HASH;
  let count = 0;
  for await (const entry of entries) {
    count += 1;
    const holds =
      entry.sequence === count &&
      entry.previousHash === previousHash &&
      contentHashOf(entry.content) === entry.contentHash &&
      entryHashOf(entry) === entry.entryHash &&
      (await fileMatches(entry));
    if (!holds) return { intact: false, entries: count, brokenAt: entry.id };
    previousHash = entry.entryHash;
  }
  return { intact: true, entries: count, head: previousHash };
}
