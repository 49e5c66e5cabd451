import { createReadStream } from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.js";

/** A stored file's contents, read as a stream. */
export type StoredObject = { stream: Readable; sizeBytes: number };
/** Bytes start to end of a file, both included (an HTTP Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where files are kept, by key (`projects/12/….webp`): a folder on the local disk (default) or an
 * S3-compatible bucket. A save either stores the whole file or throws and leaves nothing under its key.
 */
export type ObjectStore = {
  put(key: string, contents: Buffer, contentType?: string): Promise<void>;
  /** The file, or null when there is none under this key (`range`: see FileStorage.open). */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Every key under a prefix ("" for all), for backups. */
  list(prefix?: string): Promise<string[]>;
  /** Resolves when the store can be reached (readiness checks). */
  ping(): Promise<void>;
  /** Object stores only: a GET URL that works without credentials for `seconds`. */
  signedUrl?(key: string, seconds: number): Promise<string>;
};

/** A store failed (disk full, bucket unreachable): the request answers 503 with a clear message, nothing half-saved. */
export class StorageError extends Error {}

/** The store, with every failure of put, open, remove and list turned into a StorageError that keeps the cause. */
export function failingClearly(store: ObjectStore): ObjectStore {
  const wrap =
    <A extends unknown[], R>(what: string, operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args);
      } catch (error) {
        throw new StorageError(`storage ${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    };
  return {
    put: wrap("write", store.put),
    open: wrap("read", store.open),
    remove: wrap("remove", store.remove),
    list: wrap("list", store.list),
    ping: store.ping,
    ...(store.signedUrl ? { signedUrl: store.signedUrl } : {}),
  };
}

/** Files addressed by the URL the site serves them at: save() answers it, keyOf() reads the key back. */
export type FileStorage = {
  save(key: string, contents: Buffer): Promise<string>;
  /**
   * `range`: a part of the file, on disk only (a video seeking); object stores hand media out through signed URLs,
   * which take ranges themselves.
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Object stores only: see ObjectStore.signedUrl. */
  signedUrl?(key: string, seconds: number): Promise<string>;
  remove(key: string): Promise<void>;
  /** The key of a URL that save() returned, or null for a URL that is not ours. */
  keyOf(url: string): string | null;
  urlOf(key: string): string;
};

/** Public uploads (avatars, blog covers): served to anyone, long-cached. */
export const UPLOADS_PREFIX = "/uploads/";
/** Private media (project and site-diary photos, message attachments): served only to those who may read them. */
export const MEDIA_PREFIX = "/api/media/";

/** The store's files as URLs under a prefix. */
export function filesAt(store: ObjectStore, urlPrefix: string): FileStorage {
  return {
    async save(key, contents) {
      await store.put(key, contents);
      return `${urlPrefix}${key}`;
    },
    urlOf: (key) => `${urlPrefix}${key}`,
    open: (key, range) => store.open(key, range),
    ...(store.signedUrl ? { signedUrl: store.signedUrl } : {}),
    remove: (key) => store.remove(key),
    keyOf: (url) => (url.startsWith(urlPrefix) ? url.slice(urlPrefix.length) : null),
  };
}

/**
 * Files kept on disk under one folder by key; a key that would lead out of the folder (../) is refused. Folders are
 * made 0700 and files 0600: only the site's account reads them.
 */
export function createDiskStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`storage key escapes its folder: ${key}`);
    return file;
  };
  return {
    async put(key, contents) {
      const file = fileOf(key);
      await makePrivateDir(path.dirname(file));
      // Written aside, then renamed: a failure (full disk) never leaves a half-written file under the key.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      try {
        await writeFile(partial, contents, { mode: PRIVATE_FILE_MODE });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key, range) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file, range), sizeBytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix = "") {
      let names: string[];
      try {
        names = await readdir(base, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const keys = [];
      for (const name of names) {
        const key = name.split(path.sep).join("/");
        if (!key.startsWith(prefix) || key.endsWith(".partial")) continue;
        if ((await stat(path.join(base, name))).isFile()) keys.push(key);
      }
      return keys.sort();
    },
    async ping() {
      await makePrivateDir(base);
    },
  };
}
