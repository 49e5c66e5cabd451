import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Files that must never be public (project documents): kept outside the served uploads folder
 * (DATA_DIR/documents) and handed out only by routes that check who asks.
 */
export type PrivateFileStorage = {
  save(key: string, contents: Buffer): Promise<void>;
  /** The file's contents as a stream, or null when it is missing. */
  open(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  remove(key: string): Promise<void>;
};

export function createPrivateDiskStorage(root: string): PrivateFileStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the private folder: ${key}`);
    return file;
  };
  return {
    async save(key, contents) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), sizeBytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
