import path from "node:path";
import { DeleteObjectsCommand } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { UPLOAD_EXPIRY_HOURS } from "../../../shared/uploads.js";
import type { Config } from "../../config.js";
import { makePrivateDir } from "../../platform/private-files.js";
import { createS3Client } from "../../platform/s3-store.js";

/**
 * Where uploads' bytes are kept while they are sent and until a route uses them: `datastore` for tus, and the removal
 * of an upload's files (`removeFiles`), which the tus stores do not do whole themselves (see createTusStore).
 */
export type TusStore = { datastore: FileStore | S3Store; removeFiles(storeId: string): Promise<void> };

/**
 * Uploads are kept under `resumable/` (DATA_DIR/resumable/, or the bucket's resumable/ prefix beside uploads/, media/
 * and documents/), out of backups: what the API sees is the id after it (32 hexadecimal digits).
 */
const STORE_PREFIX = "resumable/";
export const storeIdOf = (uploadId: string) => `${STORE_PREFIX}${uploadId}`;
export const uploadIdOf = (storeId: string) => storeId.slice(STORE_PREFIX.length);
export const isUploadId = (value: string) => /^[0-9a-f]{32}$/.test(value);

/** tus refuses to resume an upload this old (410) and says when in Upload-Expires; the sweep then deletes it. */
export const UPLOAD_EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 60 * 60_000;

/** S3 parts: 8 MiB, the store's default (the protocol's minimum is 5 MiB). */
const S3_PART_BYTES = 8 * 1024 * 1024;

/** tus stores answer a missing upload with their error object { status_code: 404 }. */
const isNotFound = (error: unknown) => (error as { status_code?: number } | null)?.status_code === 404;

export async function createTusStore(config: Pick<Config, "dataDir" | "s3">): Promise<TusStore> {
  const { s3 } = config;
  if (!s3) {
    // Made 0700 before the file store looks at its folder (which it would make 0755): only the site's account reads it.
    await makePrivateDir(path.join(config.dataDir, STORE_PREFIX));
    const datastore = new FileStore({ directory: config.dataDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    return {
      datastore,
      async removeFiles(storeId) {
        // An upload whose creation failed, or whose files went already, has nothing to remove.
        await datastore.remove(storeId).catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        });
      },
    };
  }
  const datastore = new S3Store({
    partSize: S3_PART_BYTES,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // Object tags are not supported by every S3-compatible store; the sweep (sweep.ts) expires uploads instead.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    },
  });
  const client = createS3Client(s3);
  return {
    datastore,
    async removeFiles(storeId) {
      // The store aborts an unfinished upload's multipart upload, but throws for a finished one (S3 has no such upload
      // any more) before deleting anything: its objects are deleted here, whichever it was.
      await datastore.remove(storeId).catch(() => {});
      const keys = [storeId, `${storeId}.info`, `${storeId}.part`].map((Key) => ({ Key }));
      await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys } }));
    },
  };
}
