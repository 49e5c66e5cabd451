import { existsSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.js";
import { makePrivateDir } from "./private-files.js";
import { createS3Client, createS3Store } from "./s3-store.js";
import { createDiskStore, failingClearly, type ObjectStore } from "./storage.js";

/**
 * The three kinds of stored files: public uploads (served to anyone under /uploads), private media (photos of
 * projects, site diaries and messages, served by /api/media after an access check) and project documents.
 */
export type Stores = { uploads: ObjectStore; media: ObjectStore; documents: ObjectStore };

/**
 * In the configured S3-compatible bucket (prefixes uploads/, media/, documents/), or on the local disk
 * (DATA_DIR/uploads, DATA_DIR/media, DATA_DIR/documents). Every failure becomes a StorageError (503).
 */
export function createStores(config: Pick<Config, "dataDir" | "s3">): Stores {
  const folders = ["uploads", "media", "documents"] as const;
  const { s3 } = config;
  const client = s3 ? createS3Client(s3) : null;
  const storeOf = (folder: string) =>
    failingClearly(client && s3 ? createS3Store(client, s3.bucket, `${folder}/`) : createDiskStore(path.join(config.dataDir, folder)));
  const [uploads, media, documents] = folders.map(storeOf) as [ObjectStore, ObjectStore, ObjectStore];
  return { uploads, media, documents };
}

/**
 * Photos of projects and messages were public files under DATA_DIR/uploads until private media came
 * (migration 0014_private_media rewrites their URLs): moves those folders to DATA_DIR/media, once, at start.
 */
export async function moveLegacyMediaFolders(dataDir: string) {
  for (const folder of ["projects", "messages"]) {
    const from = path.join(dataDir, "uploads", folder);
    const to = path.join(dataDir, "media", folder);
    if (!existsSync(from) || existsSync(to)) continue;
    await makePrivateDir(path.dirname(to));
    await rename(from, to);
  }
}
