import type { PageAssets } from "../../shared/ssr";
import { interBootScript } from "../lib/inter-font";
import { themeBootScript } from "../lib/theme";

export const APP_STATE_ELEMENT_ID = "app-state";

/** The HTML document around a rendered page. */
export function documentHtml(parts: {
  head: string;
  body: string;
  state: unknown;
  nonce: string;
  assets: PageAssets;
  /** The page's own lazily loaded source files (manifest keys), whose chunks are preloaded too. */
  lazyModules?: string[];
}): string {
  const { assets, nonce } = parts;
  // The scripts never block the first paint (module scripts run after parsing; a public page's HTML is its content,
  // a portal screen's is the splash), so they are fetched at low priority, after the stylesheet and the images that
  // paint needs. Lighthouse's simulation counts every script fetched at high priority as render-blocking.
  const scriptPriority = 'fetchpriority="low"';
  const modulePreloads = new Set([...assets.modulePreloads, ...(parts.lazyModules ?? []).flatMap((key) => assets.lazyChunks[key] ?? [])]);
  // JSON in a script element must not be able to close it.
  const state = JSON.stringify(parts.state).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#051822">
<script nonce="${nonce}">${themeBootScript};${interBootScript}</script>
<link rel="icon" href="/brand/favicon.svg" type="image/svg+xml">
${assets.stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n")}
<script type="module" nonce="${nonce}" src="${assets.entryScript}" ${scriptPriority}></script>
${[...modulePreloads].map((href) => `<link rel="modulepreload" href="${href}" ${scriptPriority}>`).join("\n")}
${parts.head}
</head>
<body>
<div id="root">${parts.body}</div>
<script id="${APP_STATE_ELEMENT_ID}" type="application/json">${state}</script>
</body>
</html>`;
}
