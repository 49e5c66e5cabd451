import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { filesUnder } from "./files-under";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
// Below this, headers outweigh what compression saves.
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each text file of the browser build, once, at build
 * time; the server sends them as they are (@fastify/static preCompressed). Compressing on each request used
 * a fast, weaker setting: the first page's scripts were 10 KB heavier (docs/decisions/033-precompressed-assets.md).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "crestbuild:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
