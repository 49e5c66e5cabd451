import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { PAGE_QUERY_PARAMETERS } from "../../shared/ssr.js";
import { gzipParts } from "./gzip-parts.js";

/**
 * The address a page is rendered and kept as: its path and the first value of each parameter pages read, in one
 * order; the rest of the query is dropped (see PAGE_QUERY_PARAMETERS).
 */
export function pageUrlOf(requestUrl: string): string {
  const url = new URL(requestUrl, "http://page.invalid");
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** A rendered page, split where each response's own CSP nonce goes, as text and gzipped. */
export type CachedPage = {
  status: number;
  isolated: boolean;
  parts: string[];
  gzip: ReturnType<typeof gzipParts>;
  etag: string;
};

/**
 * Rendered pages by URL, for one content version at a time: a new version (a post published, a service or the
 * company's details changed, on any instance) empties it. At most maxEntries pages, the least recently used
 * leaving first, so that made-up URLs cannot fill the memory. A page older than maxAgeMs is rendered again
 * (what no database change marks: the year in the footer).
 *
 * Beside them, the last good (200) rendering of each URL, whatever its version or age: when the database is away
 * and a page cannot be rendered, that copy is served instead (docs/decisions/083-health-shutdown-faults.md).
 */
export function createPageCache({ maxEntries, maxAgeMs }: { maxEntries: number; maxAgeMs: number }) {
  let version: number | null = null;
  // A page past its age is dropped when asked for, as if never kept.
  const pages = new LRUCache<string, CachedPage>({ max: maxEntries, ttl: maxAgeMs });
  const lastGood = new LRUCache<string, CachedPage>({ max: maxEntries });

  const switchToVersion = (current: number) => {
    if (current === version) return;
    pages.clear();
    version = current;
  };

  return {
    get(url: string, currentVersion: number): CachedPage | undefined {
      switchToVersion(currentVersion);
      return pages.get(url);
    },
    /** Keeps a page rendered from the content of `renderedVersion` (read before rendering began); never a failure. */
    set(url: string, renderedVersion: number, page: CachedPage) {
      if (page.status >= 500) return;
      if (page.status === 200) lastGood.set(url, page);
      if (renderedVersion === version) pages.set(url, page);
    },
    /** The last page rendered well for this URL, however old, or undefined. */
    lastGood(url: string): CachedPage | undefined {
      return lastGood.peek(url);
    },
  };
}

/**
 * The page as cached: its HTML cut at each occurrence of the placeholder nonce, and a weak ETag naming what it was
 * made from (the content version, the URL, the build), the same on every instance: its bytes are not, since the
 * query data in it carries the time it was fetched.
 */
export function cachedPage(
  page: { status: number; html: string; isolated: boolean; url: string; build: string },
  placeholderNonce: string,
  contentVersion: number,
): CachedPage {
  const hash = createHash("sha256").update(`${page.build}\n${page.url}`).digest("base64url").slice(0, 22);
  // Weak: each response carries its own nonce, so the bytes differ while the page is the same.
  const parts = page.html.split(placeholderNonce);
  return {
    status: page.status,
    isolated: page.isolated,
    parts,
    gzip: gzipParts(parts),
    etag: `W/"${contentVersion}-${hash}"`,
  };
}
/** Whether the browser's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
