import { describe, expect, it } from "vitest";
import { canonicalJson, checkChain, contentHashOf, entryHashOf, GENESIS_HASH, type StoredEntry } from "./chain.js";

/** A chain of `length` entries as the log writes them. */
function chainOf(length: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let previousHash = GENESIS_HASH;
  for (let sequence = 1; sequence <= length; sequence += 1) {
    const content = { sha256: `${sequence}`.padStart(64, "a"), caption: `Photo ${sequence}`, position: { lat: 9.05, lng: 7.49 } };
    const fields = {
      sequence,
      kind: "photo_added",
      subjectId: 100 + sequence,
      recordedById: "6f1c2b9e-0000-4000-8000-000000000001",
      recordedAt: new Date(Date.UTC(2026, 10, sequence)),
      contentHash: contentHashOf(content),
      previousHash,
    };
    const entry = { ...fields, id: 1000 + sequence, content, entryHash: entryHashOf(fields) };
    entries.push(entry);
    previousHash = entry.entryHash;
  }
  return entries;
}

const filesUnchanged = async () => true;

describe("the evidence chain", () => {
  it("hashes content the same whatever the order of its keys", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, "x"], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    expect(contentHashOf({ a: 1, b: 2 })).toBe(contentHashOf({ b: 2, a: 1 }));
    expect(contentHashOf({ a: 1 })).not.toBe(contentHashOf({ a: 2 }));
  });

  it("verifies an untouched chain and names its head", async () => {
    const entries = chainOf(5);
    expect(await checkChain(entries, filesUnchanged)).toEqual({ intact: true, entries: 5, head: entries[4]?.entryHash });
    expect(await checkChain([], filesUnchanged)).toEqual({ intact: true, entries: 0, head: GENESIS_HASH });
  });

  it("finds the first entry whose content, time, author or link was changed, or that follows a removed one", async () => {
    const entryAt = (entries: StoredEntry[], index: number) => entries[index] as StoredEntry;
    const cases: [string, (entries: StoredEntry[]) => void, number][] = [
      [
        "a caption changed",
        (entries) => {
          entryAt(entries, 2).content.caption = "Someone else's house";
        },
        1003,
      ],
      [
        "a time moved",
        (entries) => {
          entryAt(entries, 1).recordedAt = new Date(Date.UTC(2026, 0, 1));
        },
        1002,
      ],
      [
        "an author changed",
        (entries) => {
          entryAt(entries, 3).recordedById = null;
        },
        1004,
      ],
      ["an entry removed", (entries) => void entries.splice(1, 1), 1003],
      ["two entries swapped", (entries) => void entries.splice(1, 2, entryAt(entries, 2), entryAt(entries, 1)), 1003],
    ];
    for (const [what, tamper, brokenAt] of cases) {
      const entries = chainOf(5);
      tamper(entries);
      expect(await checkChain(entries, filesUnchanged), what).toMatchObject({ intact: false, brokenAt });
    }
  });

  it("finds an entry whose file no longer has the bytes it recorded", async () => {
    const entries = chainOf(4);
    const check = await checkChain(entries, async (entry) => entry.sequence !== 3);
    expect(check).toEqual({ intact: false, entries: 3, brokenAt: 1003 });
  });
});
