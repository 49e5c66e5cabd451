import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { type Plugin, transformWithOxc } from "vite";
import { SITE_APP_ICONS, siteAppManifest } from "../src/shared/site-app";
import { filesUnder } from "./files-under";

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };

/** What the site app opens /site with: the browser entry, the portal's shell and layout, the toasts and the screen. */
const SHELL_MODULES = [
  "src/web/entry-client.tsx",
  "src/web/app/portal-shell.tsx",
  "src/web/app/PortalLayout.tsx",
  "src/web/app/Toasts.tsx",
  "src/web/components/ui/Toaster.tsx",
  "src/web/pages/portal/SitePage.tsx",
];
/** Other screens and the sign-in area load only when opened: they are kept once fetched, not at install. */
const isOtherScreen = (key: string) =>
  (key.startsWith("src/web/pages/") && !SHELL_MODULES.includes(key)) || key === "src/web/app/AuthLayout.tsx";

/** Every built file the shell modules load, following static and lazy imports but not into other screens. */
export function shellFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) if (!isOtherScreen(next)) visit(next);
  };
  for (const key of SHELL_MODULES) {
    if (!manifest[key]) throw new Error(`site app: ${key} is not in the build`);
    visit(key);
  }
  return [...files].sort();
}

/** The logo on a square of the given size; a maskable icon keeps it inside the middle 80 % that every mask shows. */
async function iconPng(svg: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  const logoSize = maskable ? Math.round(size * 0.6) : size;
  const logo = await sharp(svg, { density: 300 }).resize(logoSize, logoSize).png().toBuffer();
  const background = maskable ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: logo, gravity: "centre" }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The installable site app in the browser build: the web app manifest (/manifest.webmanifest), its icons drawn from
 * public/brand/logo.svg, and the service worker (/sw.js) compiled from src/web/service-worker.ts with the list of
 * files it keeps at install and this build's version (docs/decisions/150-site-app-service-worker.md).
 */
export function siteApp(): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "crestbuild:site-app",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const svg = await readFile(path.join(root, "public/brand/logo.svg"));
      await mkdir(path.join(outDir, "brand"), { recursive: true });
      await Promise.all(
        SITE_APP_ICONS.map(async (icon) =>
          writeFile(path.join(outDir, icon.src), await iconPng(svg, icon.size, icon.purpose === "maskable")),
        ),
      );
      await writeFile(path.join(outDir, "manifest.webmanifest"), JSON.stringify(siteAppManifest(), null, 2));

      const manifest = JSON.parse(await readFile(path.join(outDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
      const fonts = (await filesUnder(path.join(outDir, "assets")))
        .filter((file) => file.endsWith(".woff2"))
        .map((file) => `/${path.relative(outDir, file).split(path.sep).join("/")}`);
      const precache = [...new Set([...shellFiles(manifest), ...fonts])].sort();
      const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 16);
      const source = await readFile(path.join(root, "src/web/service-worker.ts"), "utf8");
      const { code } = await transformWithOxc(source, "service-worker.ts", { lang: "ts" });
      const constants = `const PRECACHE_FILES = ${JSON.stringify(precache)};\nconst BUILD_VERSION = ${JSON.stringify(version)};\n`;
      await writeFile(path.join(outDir, "sw.js"), constants + code);
    },
  };
}
