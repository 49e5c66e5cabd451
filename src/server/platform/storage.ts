import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded files live; the embedded mode keeps them on disk under DATA_DIR/uploads, served at /uploads. */
export type FileStorage = {
  save(key: string, contents: Buffer): Promise<string>;
  remove(key: string): Promise<void>;
  /** The key of a URL that save() returned, or null for a URL that is not ours. */
  keyOf(url: string): string | null;
};

export const UPLOADS_PREFIX = "/uploads/";

/** Files kept on disk under one folder by key; a key that would lead out of the folder (../) is refused. */
export function diskFolder(root: string, name: string) {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the ${name} folder: ${key}`);
    return file;
  };
  return {
    fileOf,
    async write(key: string, contents: Buffer) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    },
    async remove(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export function createDiskStorage(root: string): FileStorage {
  const folder = diskFolder(root, "uploads");
  return {
    async save(key, contents) {
      await folder.write(key, contents);
      return `${UPLOADS_PREFIX}${key}`;
    },
    remove: folder.remove,
    keyOf: (url) => (url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : null),
  };
}
