import { INACTIVITY_LIMIT_MS, SESSION_STORAGE_KEY } from "./session-record";

/** Tabs take turns to refresh: the server rotates the refresh cookie, and presenting an old one ends the session. */
export const REFRESH_LOCK = "crestbuild-session-refresh";

declare global {
  interface Window {
    /** The session's refresh, started by the signed-in screens' HTML before their scripts arrive. */
    earlyRefresh?: Promise<Response>;
  }
}

/**
 * Runs in the <head> of a signed-in screen (docs/decisions/105-signed-in-screens-start-fast.md): when this browser
 * remembers a session that is still within its inactivity limit, asks for its new access token at once, holding the
 * tabs' refresh lock until the answer is in, so the answer is on its way while the scripts download. The auth store
 * takes that answer for its first refresh (takeEarlyRefresh).
 */
export const earlyRefreshScript = `(function(){try{var r=localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)});if(!r)return;var s=JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(r),function(c){return c.charCodeAt(0)})));if(!(Date.now()-s.lastActive<${INACTIVITY_LIMIT_MS}))return}catch(e){return}function go(){return fetch("/api/auth/refresh",{method:"POST",credentials:"include",headers:{accept:"application/json","content-type":"application/json"},body:"{}"})}window.earlyRefresh=navigator.locks?new Promise(function(done){navigator.locks.request(${JSON.stringify(REFRESH_LOCK)},function(){var p=go();done(p);return p.catch(function(){})})}):go()})()`;

/** The refresh the HTML started, once: the first refresh of the page uses it, any later one asks again. */
export function takeEarlyRefresh(): Promise<Response> | null {
  if (typeof window === "undefined" || !window.earlyRefresh) return null;
  const started = window.earlyRefresh;
  window.earlyRefresh = undefined;
  return started;
}
