import { SESSION_MISMATCH_CLASS } from "./rendered-session";
import { INACTIVITY_LIMIT_MS, SESSION_STORAGE_KEY } from "./session-record";

/** Tabs take turns to refresh: the server rotates the refresh cookie, and presenting an old one ends the session. */
export const REFRESH_LOCK = "crestbuild-session-refresh";

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
 * JS: a function answering the session record this browser remembers (session-record.ts) while it is within its
 * inactivity limit, else null. The head's scripts run before any module, so they read it themselves.
 */
const rememberedSession = `function(){try{var r=localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)});if(!r)return null;var s=JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(r),function(c){return c.charCodeAt(0)})));return Date.now()-s.lastActive<${INACTIVITY_LIMIT_MS}?s:null}catch(e){return null}}`;

/**
 * Runs in the <head> of a screen rendered for its viewer (docs/decisions/111-dashboard-rendered-for-its-viewer.md):
 * when this browser does not remember that person within their 30 minutes (signed out here, another person, or
 * inactive too long), the page is hidden until its scripts have taken it over (they draw it anew, which sends the
 * tab to /login): a person's data is not shown to whoever opens the browser after them.
 */
export function sessionCheckScript(userId: string): string {
  return `(function(){var s=(${rememberedSession})();if(!s||!s.user||s.user.id!==${JSON.stringify(userId).replace(/</g, "\\u003c")})document.documentElement.classList.add(${JSON.stringify(SESSION_MISMATCH_CLASS)})})()`;
}

/**
 * Runs in the <head> of a signed-in screen (docs/decisions/105-signed-in-screens-start-fast.md): when this browser
 * remembers a session that is still within its inactivity limit, asks for its new access token at once, holding the
 * tabs' refresh lock until the answer is in, so the answer is on its way while the scripts download. The auth store
 * takes that answer for its first refresh (takeEarlyRefresh). With the new token, it asks for the screen's first data
 * (`firstData`, API paths without /api), each in a task of its own (a request costs the main thread a few
 * milliseconds on a phone), whose answers the HTTP client takes for those paths' first requests (takeEarlyData;
 * docs/decisions/109-first-data-from-the-html.md). A path the page asked for meanwhile is not asked for again.
 */
export function earlyRefreshScript(firstData: string[]): string {
  const askFirstData = firstData.length
    ? `var d=${JSON.stringify(firstData).replace(/</g, "\\u003c")};window.earlyData={};e.then(function(a){if(!a.ok)return;return a.clone().json().then(function(b){var t=b&&b.data&&b.data.accessToken;var o=window.earlyData;if(t&&o)d.forEach(function(p){setTimeout(function(){if(!(p in o))o[p]=fetch("/api"+p,{credentials:"include",headers:{accept:"application/json",authorization:"Bearer "+t}})},0)})})}).catch(function(){})`
    : "";
  return `(function(){if(!(${rememberedSession})())return;function go(){return fetch("/api/auth/refresh",{method:"POST",credentials:"include",headers:{accept:"application/json","content-type":"application/json"},body:"{}"})}var e=navigator.locks?new Promise(function(done){navigator.locks.request(${JSON.stringify(REFRESH_LOCK)},function(){var p=go();done(p);return p.catch(function(){})})}):go();window.earlyRefresh=e;${askFirstData}})()`;
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
