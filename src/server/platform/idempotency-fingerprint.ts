import { createHash, type Hash } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Writes `value` into `hash` as JSON with every object's keys in order, so that the same values written in another
 * order are the same request. Walked with a stack of its own, not by recursion: a 1 MiB body can nest half a million
 * arrays deep (as platform/nul-characters.ts walks it).
 */
function hashCanonicalJson(value: unknown, hash: Hash) {
  // What is left to write, last first: a literal piece of JSON, or a value still to walk.
  const pending: (string | { value: unknown })[] = [{ value }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === "string") {
      hash.update(next);
      continue;
    }
    const item = next.value;
    if (Array.isArray(item)) {
      hash.update("[");
      pending.push("]");
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push({ value: item[index] });
        if (index > 0) pending.push(",");
      }
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item)
        .filter(([, member]) => member !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      hash.update("{");
      pending.push("}");
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, member] = entries[index] as [string, unknown];
        pending.push({ value: member }, `${JSON.stringify(key)}:`);
        if (index > 0) pending.push(",");
      }
    } else {
      hash.update(JSON.stringify(item) ?? "null");
    }
  }
}

/**
 * What tells one request's body from another's under the same key (docs/decisions/148-idempotency-keys.md): a JSON
 * body by its values as parsed from what was sent (before a route's schema transforms them); a multipart form (photos, videos, documents) by its declared length only, since the route
 * reads it after the key is claimed, and holding up to 150 MB before the claim to hash it is not worth it: the offline
 * queue replays the bytes it stored, which have the same length.
 */
export function bodyFingerprint(request: FastifyRequest): string {
  const hash = createHash("sha256");
  if (/^multipart\//i.test(request.headers["content-type"] ?? "")) {
    hash.update(`multipart:${request.headers["content-length"] ?? "unknown length"}`);
  } else {
    hash.update("body:");
    hashCanonicalJson(request.body ?? null, hash);
  }
  return hash.digest("hex");
}
