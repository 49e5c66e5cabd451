/**
 * Keeps `value` under `key` as the most recently used entry of `map` (a Map keeps insertion order, so its first key
 * is the least recently used), and lets the least recently used go past `maxEntries`: what callers can vary (URLs,
 * query strings) cannot fill the memory.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxEntries) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * Values worked out from one version of their data, by key, for one version at a time: a new version (read from the
 * database, so a change on any instance counts) empties it. At most maxEntries, the least recently used leaving first.
 */
export function createVersionedCache<V>(maxEntries: number) {
  let version: number | null = null;
  const entries = new Map<string, V>();
  return {
    get(key: string, currentVersion: number): V | undefined {
      if (currentVersion !== version) {
        entries.clear();
        version = currentVersion;
        return undefined;
      }
      const value = entries.get(key);
      if (value !== undefined) keepRecent(entries, key, value, maxEntries);
      return value;
    },
    /** Keeps a value worked out from data read after `versionReadBefore` was: a value of an older version is not kept. */
    set(key: string, versionReadBefore: number, value: V): void {
      if (versionReadBefore === version) keepRecent(entries, key, value, maxEntries);
    },
    get size() {
      return entries.size;
    },
  };
}
