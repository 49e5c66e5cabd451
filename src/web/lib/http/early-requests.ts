// What a signed-in screen's HTML asked for before its scripts arrived (its head script, head/early-refresh.ts): the
// session's refresh, then its first data. The HTTP client and the session take each answer once.

declare global {
  interface Window {
    /** The session's refresh, started by the signed-in screens' HTML before their scripts arrive. */
    earlyRefresh?: Promise<Response>;
    /**
     * The first screen's data, asked for by its HTML once the refresh answered, by API path (without /api); null once
     * the page has made its own first request for the path.
     */
    earlyData?: Record<string, Promise<Response> | null>;
  }
}

/**
 * For the page's first request of this API path: the answer the HTML asked for, if it did. Later requests (and an
 * answer the HTML would ask for after this) are never served from it: they would be out of date.
 */
export function takeEarlyData(path: string): Promise<Response> | null {
  const early = typeof window === "undefined" ? undefined : window.earlyData;
  if (!early) return null;
  const started = early[path] ?? null;
  early[path] = null;
  return started;
}

/** The refresh the HTML started, once: the first refresh of the page uses it, any later one asks again. */
export function takeEarlyRefresh(): Promise<Response> | null {
  if (typeof window === "undefined" || !window.earlyRefresh) return null;
  const started = window.earlyRefresh;
  window.earlyRefresh = undefined;
  return started;
}

/** A session ends or another begins: what the HTML asked for belongs to the earlier one and is never used. */
export function forgetEarlyRequests() {
  if (typeof window === "undefined") return;
  window.earlyRefresh = undefined;
  window.earlyData = undefined;
}
