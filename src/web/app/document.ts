import { SITE_APP_ICONS, SITE_APP_MANIFEST_PATH } from "../../shared/site-app";
import type { PageAssets } from "../../shared/ssr";
import { startEarlyRefresh } from "../head/early-refresh";
import { inlineCall } from "../head/inline-call";
import { drawInInterWhenCached } from "../head/inter-font";
import { rememberedSession } from "../head/remembered-session";
import { hideUnlessViewersSession } from "../head/session-check";
import { applyStoredTheme } from "../head/theme";
import { INTER_CACHED_KEY } from "../lib/inter-font";
import { SESSION_MISMATCH_CLASS } from "../lib/session/rendered-session";
import { INACTIVITY_LIMIT_MS, REFRESH_LOCK, SESSION_STORAGE_KEY } from "../lib/session/session-record";
import { DARK_SCHEME_QUERY, THEME_STORAGE_KEY } from "../lib/theme";

export const APP_STATE_ELEMENT_ID = "app-state";

// The scripts never block the first paint (module scripts run after parsing), so they are fetched at low priority,
// after the stylesheet and the images that paint needs.
const SCRIPT_PRIORITY = 'fetchpriority="low"';

/** A signed-in screen's scripts (its HTML is the splash): fetched with the HTML, its screen's chunks preloaded beside. */
function scriptsAtOnce(entryScript: string, modulePreloads: string[], nonce: string): string {
  return [
    `<script type="module" nonce="${nonce}" src="${entryScript}" ${SCRIPT_PRIORITY}></script>`,
    ...modulePreloads.map((href) => `<link rel="modulepreload" href="${href}" ${SCRIPT_PRIORITY}>`),
  ].join("\n");
}

/**
 * A public page's or a sign-in screen's scripts: its HTML is its content, so they start once the page has loaded (stylesheet, fonts,
 * images) and its first paint is on screen, all at once from the list the server wrote (no waterfall), and never
 * share a phone's connection or its processor with what the first paint and the largest element need
 * (docs/decisions/102-public-scripts-after-load.md, 106-public-pages-start-light.md).
 */
function scriptsAfterLoad(entryScript: string, modulePreloads: string[], nonce: string): string {
  const files = JSON.stringify({ entryScript, modulePreloads }).replace(/</g, "\\u003c");
  const start = `function(){f.modulePreloads.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.fetchPriority="low";document.head.append(l)});var s=document.createElement("script");s.type="module";s.src=f.entryScript;s.nonce=n;s.fetchPriority="low";document.head.append(s)}`;
  // "Painted" is the browser's paint entry, written once the frame was shown (a browser without one: at load); then
  // one frame more. A tab opened in the background paints, and so starts its scripts, once it is shown.
  // A page kept hidden (a screen rendered for another session, see rendered-session.ts) paints nothing: it starts at load.
  const whenReady = `var loaded=false,painted=!(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")>=0)||document.documentElement.classList.contains(${JSON.stringify(SESSION_MISMATCH_CLASS)});function ready(){if(loaded&&painted)requestAnimationFrame(function(){setTimeout(go,0)})}addEventListener("load",function(){loaded=true;ready()},{once:true});if(!painted)new PerformanceObserver(function(l,o){o.disconnect();painted=true;ready()}).observe({type:"paint",buffered:true})`;
  return `<script nonce="${nonce}">(function(f,n){var go=${start};${whenReady}})(${files},document.currentScript.nonce)</script>`;
}

/**
 * The site app's manifest, on the signed-in screens only (the app opens /site): public pages fetch nothing for it
 * (docs/decisions/150-site-app-service-worker.md).
 */
const siteAppLinks = () =>
  `<link rel="manifest" href="${SITE_APP_MANIFEST_PATH}">\n<link rel="apple-touch-icon" href="/${SITE_APP_ICONS[0].src}">\n`;

const sessionRecordPlace = { storageKey: SESSION_STORAGE_KEY, inactivityLimitMs: INACTIVITY_LIMIT_MS };

/** A signed-in screen's head script: the session's early refresh, or the check that a screen rendered for its viewer is theirs. */
function sessionScript(signedIn: { firstData: string[] } | { renderedFor: string }): string {
  return "renderedFor" in signedIn
    ? inlineCall(hideUnlessViewersSession, rememberedSession, sessionRecordPlace, signedIn.renderedFor, SESSION_MISMATCH_CLASS)
    : inlineCall(startEarlyRefresh, rememberedSession, sessionRecordPlace, REFRESH_LOCK, signedIn.firstData);
}

/** The HTML document around a rendered page. */
export function documentHtml(parts: {
  head: string;
  body: string;
  state: unknown;
  nonce: string;
  assets: PageAssets;
  /** The page's own lazily loaded source files (manifest keys), whose chunks are preloaded too. */
  lazyModules?: string[];
  /** When the scripts start: at once (a signed-in screen, whose HTML is the splash) or once the page has loaded. */
  scripts: "at-once" | "after-load";
  /**
   * A signed-in screen: the session's refresh starts from the HTML, then its first data (API paths without /api); or,
   * rendered for its viewer, the HTML checks that this browser's session is theirs.
   */
  signedIn?: { firstData: string[] } | { renderedFor: string };
}): string {
  const { assets, nonce } = parts;
  const modulePreloads = [
    ...new Set([...assets.modulePreloads, ...(parts.lazyModules ?? []).flatMap((key) => assets.lazyChunks[key] ?? [])]),
  ];
  // JSON in a script element must not be able to close it.
  const state = JSON.stringify(parts.state).replace(/</g, "\\u003c");
  const headScript = [
    inlineCall(applyStoredTheme, THEME_STORAGE_KEY, DARK_SCHEME_QUERY),
    inlineCall(drawInInterWhenCached, INTER_CACHED_KEY),
    ...(parts.signedIn ? [sessionScript(parts.signedIn)] : []),
  ].join(";");
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#051822">
<script nonce="${nonce}">${headScript}</script>
<link rel="icon" href="/brand/favicon.svg" type="image/svg+xml">
${parts.signedIn ? siteAppLinks() : ""}${assets.stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n")}
${parts.scripts === "at-once" ? scriptsAtOnce(assets.entryScript, modulePreloads, nonce) : scriptsAfterLoad(assets.entryScript, modulePreloads, nonce)}
${parts.head}
</head>
<body>
<div id="root">${parts.body}</div>
<script id="${APP_STATE_ELEMENT_ID}" type="application/json">${state}</script>
</body>
</html>`;
}
