import type { RememberedSession, SessionRecordPlace } from "./remembered-session";

/**
 * A signed-in screen (docs/decisions/105-signed-in-screens-start-fast.md): when this browser remembers a session still
 * within its inactivity limit, asks for its new access token at once, holding the tabs' refresh lock until the answer
 * is in, so the answer is on its way while the scripts download; the auth store takes it for its first refresh. With
 * the new token, it asks for the screen's first data (API paths without /api), each in a task of its own (a request
 * costs a phone's main thread a few milliseconds), whose answers the HTTP client takes for those paths' first
 * requests (lib/http/early-requests.ts, docs/decisions/109-first-data-from-the-html.md). A path the page asked for
 * meanwhile is not asked for again.
 */
export function startEarlyRefresh(
  remembered: (place: SessionRecordPlace) => RememberedSession | null,
  place: SessionRecordPlace,
  refreshLock: string,
  firstData: readonly string[],
): void {
  if (!remembered(place)) return;
  const refresh = () =>
    fetch("/api/auth/refresh", {
      method: "POST",
      credentials: "include",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: "{}",
    });
  const refreshed: Promise<Response> = navigator.locks
    ? new Promise((done) => {
        void navigator.locks.request(refreshLock, () => {
          const answer = refresh();
          done(answer);
          return answer.catch(() => undefined);
        });
      })
    : refresh();
  window.earlyRefresh = refreshed;
  if (firstData.length === 0) return;
  window.earlyData = {};
  refreshed
    .then(async (answer) => {
      if (!answer.ok) return;
      const body = (await answer.clone().json()) as { data?: { accessToken?: string } } | null;
      const token = body?.data?.accessToken;
      const asked = window.earlyData;
      if (!token || !asked) return;
      for (const path of firstData) {
        setTimeout(() => {
          if (path in asked) return;
          asked[path] = fetch(`/api${path}`, {
            credentials: "include",
            headers: { accept: "application/json", authorization: `Bearer ${token}` },
          });
        }, 0);
      }
    })
    .catch(() => undefined);
}
