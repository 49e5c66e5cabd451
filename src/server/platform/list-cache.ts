import type { AppDb } from "../db/client.js";
import { type CachedList, createListVersionReader } from "../db/list-versions.js";
import { createVersionedCache } from "./recent-entries.js";

/**
 * A list's answers kept for its version (decision 104): the one kept under `key`, or what `read` works out, then
 * kept. The version is read first, so what is kept under it is never older; with no version, nothing is kept.
 * `read` is given that version, for what else the caller keeps beside the answer.
 */
export function createListCache<V>(db: AppDb, list: CachedList, maxEntries: number) {
  const readVersion = createListVersionReader(db, list);
  const kept = createVersionedCache<V>(maxEntries);
  return async function keptOrRead(key: string, read: (version: number | null) => Promise<V>): Promise<V> {
    const version = await readVersion();
    const cached = version === null ? undefined : kept.get(key, version);
    if (cached) return cached;
    const value = await read(version);
    if (version !== null) kept.set(key, version, value);
    return value;
  };
}
