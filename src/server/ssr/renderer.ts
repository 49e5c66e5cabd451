import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageAssets, RenderPage, RendersForViewer } from "../../shared/ssr.js";
import { projectRoot } from "../paths.js";

export type PageRenderer = {
  render: RenderPage;
  rendersForViewer: RendersForViewer;
  assets: PageAssets;
  /** Renders every request anew rather than keeping pages (`npm run dev`, ssr/dev-renderer.ts). */
  live?: boolean;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isDynamicEntry?: boolean };

const CLIENT_ENTRY = "src/web/entry-client.tsx";

/** The browser entry and what it needs first, from Vite's build manifest. */
function assetsFromBuild(manifest: Record<string, ManifestChunk>): PageAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is missing from the build manifest`);
  const preloads = new Set<string>();
  const stylesheets = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    for (const css of chunk.css ?? []) stylesheets.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const imported of entry.imports ?? []) visit(imported);
  const url = (file: string) => `/${file}`;
  // A page's chunk is preloaded with its HTML rather than found once the entry runs (one round trip less).
  const lazyChunks: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set<string>();
    const visit = (file: string, imports: string[] = []) => {
      if (preloads.has(file) || files.has(file)) return;
      files.add(file);
      for (const imported of imports) visit(manifest[imported]?.file ?? imported, manifest[imported]?.imports);
    };
    visit(chunk.file, chunk.imports);
    lazyChunks[key] = [...files].map(url);
  }
  return {
    entryScript: url(entry.file),
    modulePreloads: [...preloads].map(url),
    stylesheets: [...stylesheets].map(url),
    lazyChunks,
  };
}

/** Loads the server renderer and the asset list that `npm run build` produced. */
export async function loadPageRenderer(distDir = path.join(projectRoot, "dist")): Promise<PageRenderer> {
  const manifestFile = path.join(distDir, "client", ".vite", "manifest.json");
  const rendererFile = path.join(distDir, "ssr", "entry-server.js");
  if (!existsSync(manifestFile) || !existsSync(rendererFile)) {
    throw new Error(`The site is not built (${path.relative(projectRoot, rendererFile)} is missing): run npm run build first.`);
  }
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const module = (await import(pathToFileURL(rendererFile).href)) as { render: RenderPage; rendersForViewer: RendersForViewer };
  return { render: module.render, rendersForViewer: module.rendersForViewer, assets: assetsFromBuild(manifest) };
}
