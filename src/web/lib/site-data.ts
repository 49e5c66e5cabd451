import { createContext, use, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import { type ApiQueryKey, apiPathOf } from "./query/api-query";
import { FRESH_MS, KEPT_MS } from "./query/cache-rules";

/**
 * The public site's data (company details, pages, services, portfolio, blog): a small cache of API answers by path,
 * filled by the server's render and handed to the browser in the HTML, so a public page needs no query library
 * (docs/decisions/100-public-pages-read-a-site-data-cache.md). Same rules as the portal's query cache: fresh for
 * 5 minutes then refreshed in the background while still shown, dropped 10 minutes after its last reading.
 */
type Entry = { data?: unknown; error?: unknown; fetchedAt: number; readAt: number; loading?: Promise<void> };

export type SiteData = ReturnType<typeof createSiteData>;

/** `fetchPath` gets one API path's data (retrying as it sees fit); `seed` is what the server's render loaded. */
export function createSiteData(fetchPath: (path: string) => Promise<unknown>, seed: Record<string, unknown> = {}) {
  const entries = new Map<string, Entry>();
  const listeners = new Map<string, Set<() => void>>();
  const now = Date.now();
  for (const [path, data] of Object.entries(seed)) entries.set(path, { data, fetchedAt: now, readAt: now });

  const set = (path: string, entry: Entry) => {
    entries.set(path, entry);
    for (const listener of listeners.get(path) ?? []) listener();
  };

  const dropUnread = () => {
    const cutoff = Date.now() - KEPT_MS;
    for (const [path, entry] of entries) if (entry.readAt < cutoff && !listeners.has(path)) entries.delete(path);
  };

  /** Loads a path once at a time; a failure is kept (shown by the page's error boundary) unless data is already there. */
  function load(path: string): Promise<void> {
    const current = entries.get(path);
    if (current?.loading) return current.loading;
    dropUnread();
    const loading = fetchPath(path).then(
      (data) => set(path, { data, fetchedAt: Date.now(), readAt: Date.now() }),
      (error: unknown) => {
        const before = entries.get(path);
        set(path, before && "data" in before ? { ...before, loading: undefined } : { error, fetchedAt: 0, readAt: Date.now() });
      },
    );
    entries.set(path, { ...(current ?? { fetchedAt: 0, readAt: Date.now() }), loading });
    return loading;
  }

  return {
    load,
    peek: (path: string): Entry | undefined => entries.get(path),
    subscribe(path: string, listener: () => void) {
      const forPath = listeners.get(path) ?? new Set();
      forPath.add(listener);
      listeners.set(path, forPath);
      return () => {
        forPath.delete(listener);
        if (forPath.size === 0) listeners.delete(path);
      };
    },
    /** Marks a read (for the 10 minutes) and refreshes in the background what is no longer fresh. */
    noteRead(path: string) {
      const entry = entries.get(path);
      if (!entry) return;
      entry.readAt = Date.now();
      if ("data" in entry && Date.now() - entry.fetchedAt > FRESH_MS) void load(path);
    },
    /** After a change elsewhere (the portal, a reconnection): what is shown is refreshed, the rest forgotten. */
    invalidate(pathPrefix = "") {
      for (const [path, entry] of [...entries]) {
        if (!path.startsWith(pathPrefix)) continue;
        if (listeners.has(path) && "data" in entry) void load(path);
        else entries.delete(path);
      }
    },
    /** Forgets every failed load, so the page tries again ('Try again'). */
    forgetFailures() {
      for (const [path, entry] of [...entries]) if ("error" in entry) entries.delete(path);
    },
    /** What the server's render loaded, for the browser's cache. */
    snapshot(): Record<string, unknown> {
      return Object.fromEntries([...entries].flatMap(([path, entry]) => ("data" in entry ? [[path, entry.data]] : [])));
    },
  };
}

const SiteDataContext = createContext<SiteData | null>(null);
export const SiteDataProvider = SiteDataContext.Provider;

export function useSiteData(): SiteData {
  const siteData = useContext(SiteDataContext);
  if (!siteData) throw new Error("useSiteData needs a SiteDataProvider");
  return siteData;
}

/** The public data at this API key: suspends until it is there, throws the load's failure to the error boundary. */
export function useApiData<T>(key: ApiQueryKey): T {
  const siteData = useSiteData();
  const path = apiPathOf(key);
  const subscribe = useCallback((listener: () => void) => siteData.subscribe(path, listener), [siteData, path]);
  const entry = useSyncExternalStore(
    subscribe,
    () => siteData.peek(path),
    () => siteData.peek(path),
  );
  useEffect(() => siteData.noteRead(path), [siteData, path]);
  if (entry && "data" in entry) return entry.data as T;
  if (entry && "error" in entry) throw entry.error;
  use(siteData.load(path));
  return siteData.peek(path)?.data as T;
}
