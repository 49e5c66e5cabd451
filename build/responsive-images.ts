import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { PICTURE_WIDTHS } from "../src/shared/responsive-images";
import { filesUnder } from "./files-under";

const CACHE_DIR = path.resolve("node_modules/.cache/responsive-images");

/** One WebP of an SVG at a width, kept by the SVG's hash so a rebuild only draws what changed. */
async function webpOf(svg: Buffer, width: number): Promise<Buffer> {
  const cached = path.join(CACHE_DIR, `${createHash("sha256").update(svg).digest("hex")}-${width}.webp`);
  try {
    return await readFile(cached);
  } catch {
    // Drawn at a density that gives the widest size its full sharpness, then scaled down.
    const webp = await sharp(svg, { density: 300 }).resize({ width }).webp({ quality: 75, effort: 6 }).toBuffer();
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(cached, webp);
    return webp;
  }
}

/**
 * Writes "<name>-<width>.webp" beside each SVG under public/images in the browser build, at each of the site's picture
 * widths (src/shared/responsive-images.ts): the pages name them in a srcset and the browser takes the one that fits.
 * Under the dev server, the same files are drawn on request.
 */
export function responsiveImages(): Plugin {
  let outDir = "";
  let publicDir = "";
  return {
    name: "crestbuild:responsive-images",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    // `npm run dev`: each size drawn when first asked for, from the SVG as it is now.
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = /^\/images\/([\w/-]+)-(\d+)\.webp$/.exec(request.url?.split("?")[0] ?? "");
        const width = Number(match?.[2]);
        if (!match || !PICTURE_WIDTHS.some((allowed) => allowed === width)) return next();
        try {
          const webp = await webpOf(await readFile(path.join(publicDir, "images", `${match[1]}.svg`)), width);
          response.setHeader("content-type", "image/webp");
          response.end(webp);
        } catch {
          next();
        }
      });
    },
    async writeBundle() {
      const imagesDir = path.join(publicDir, "images");
      const svgs = (await filesUnder(imagesDir)).filter((file) => file.endsWith(".svg"));
      await Promise.all(
        svgs.map(async (file) => {
          const svg = await readFile(file);
          const stem = path.join(outDir, "images", path.relative(imagesDir, file).slice(0, -".svg".length));
          await mkdir(path.dirname(stem), { recursive: true });
          for (const width of PICTURE_WIDTHS) await writeFile(`${stem}-${width}.webp`, await webpOf(svg, width));
        }),
      );
    },
  };
}
