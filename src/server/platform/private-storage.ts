import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { diskFolder } from "./storage.js";

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
  const folder = diskFolder(root, "private");
  return {
    save: folder.write,
    async open(key) {
      const file = folder.fileOf(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), sizeBytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    remove: folder.remove,
  };
}
