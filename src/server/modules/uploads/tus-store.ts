import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { UPLOAD_EXPIRY_HOURS } from "../../../shared/uploads.js";
import type { Config } from "../../config.js";

/** An upload's bytes while it is sent and until a route uses it: on the local disk or in the bucket. */
export type TusStore = FileStore | S3Store;

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

export function createTusStore(config: Pick<Config, "dataDir" | "s3">): TusStore {
  const { s3 } = config;
  if (!s3) return new FileStore({ directory: config.dataDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  return new S3Store({
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
}
