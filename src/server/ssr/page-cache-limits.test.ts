import { describe, expect, it } from "vitest";
import { type CachedPage, cachedPage, createPageCache } from "./page-cache.js";

const page = (status = 200): CachedPage =>
  cachedPage({ status, html: "<p>page</p>", isolated: false, url: "/", build: "test" }, "NONCE", 1);

describe("the rendered-page cache's limits", () => {
  it("keeps at most maxEntries pages, the least recently used leaving first", () => {
    const cache = createPageCache({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.get("/a", 1);
    cache.set("/a", 1, page());
    cache.set("/b", 1, page());
    cache.get("/a", 1);
    cache.set("/c", 1, page());
    expect(cache.get("/a", 1)).toBeDefined();
    expect(cache.get("/b", 1)).toBeUndefined();
    expect(cache.get("/c", 1)).toBeDefined();
  });

  it("renders again a page older than maxAgeMs", async () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 50 });
    cache.get("/", 1);
    cache.set("/", 1, page());
    expect(cache.get("/", 1)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(cache.get("/", 1)).toBeUndefined();
  });

  it("empties on a new content version and never keeps a page of an older one", () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.get("/", 1);
    cache.set("/", 1, page());
    expect(cache.get("/", 2)).toBeUndefined();
    cache.set("/", 1, page());
    expect(cache.get("/", 2)).toBeUndefined();
  });

  it("keeps the last good page whatever its version or age, and no failure", async () => {
    const cache = createPageCache({ maxEntries: 10, maxAgeMs: 10 });
    const good = page();
    cache.set("/", 1, good);
    cache.set("/", 1, page(503));
    cache.set("/missing", 1, page(404));
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.get("/", 2);
    expect(cache.lastGood("/")).toBe(good);
    expect(cache.lastGood("/missing")).toBeUndefined();
  });
});
