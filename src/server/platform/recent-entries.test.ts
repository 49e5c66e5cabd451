import { describe, expect, it } from "vitest";
import { createVersionedCache } from "./recent-entries";

describe("the versioned cache", () => {
  it("keeps at most its number of entries, the least recently used leaving first", () => {
    const cache = createVersionedCache<string>(2);
    cache.get("a", 1);
    cache.set("a", 1, "A");
    cache.set("b", 1, "B");
    expect(cache.get("a", 1)).toBe("A");
    cache.set("c", 1, "C");
    expect([cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)]).toEqual(["A", undefined, "C"]);
    for (let i = 0; i < 1000; i++) cache.set(`made-up-${i}`, 1, "x");
    expect(cache.size).toBe(2);
  });

  it("empties on a new version and keeps nothing worked out from an older one", () => {
    const cache = createVersionedCache<string>(10);
    cache.get("a", 1);
    cache.set("a", 1, "A");
    expect(cache.get("a", 2)).toBeUndefined();
    // Read before version 2 was seen, answered after: not kept under the new version.
    cache.set("a", 1, "stale");
    expect(cache.get("a", 2)).toBeUndefined();
    cache.set("a", 2, "fresh");
    expect(cache.get("a", 2)).toBe("fresh");
  });
});
