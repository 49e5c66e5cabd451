import type { PageAssets } from "../../shared/ssr";
import { themeBootScript } from "../lib/theme";

export const APP_STATE_ELEMENT_ID = "app-state";

/** The HTML document around a rendered page. */
export function documentHtml(parts: { head: string; body: string; state: unknown; nonce: string; assets: PageAssets }): string {
  const { assets, nonce } = parts;
  // JSON in a script element must not be able to close it.
  const state = JSON.stringify(parts.state).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#051822">
<script nonce="${nonce}">${themeBootScript}</script>
<link rel="icon" href="/brand/favicon.svg" type="image/svg+xml">
${assets.fontPreloads.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`).join("\n")}
${assets.stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n")}
<script type="module" nonce="${nonce}" src="${assets.entryScript}"></script>
${assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${href}">`).join("\n")}
${parts.head}
</head>
<body>
<div id="root">${parts.body}</div>
<script id="${APP_STATE_ELEMENT_ID}" type="application/json">${state}</script>
</body>
</html>`;
}
