import type { FastifyBaseLogger } from "fastify";
import { removeUpload } from "./remove-upload.js";
import { type TusStore, UPLOAD_EXPIRY_MS } from "./tus-store.js";
import type { UploadRecords } from "./upload-records.js";

/** Deletes every upload, finished or not, that no route took within a day of its creation; answers how many. */
export function createUploadSweep(deps: { store: TusStore; records: UploadRecords; log: FastifyBaseLogger }) {
  return async function sweepExpiredUploads(now = new Date()): Promise<number> {
    const expired = await deps.records.expired(new Date(now.getTime() - UPLOAD_EXPIRY_MS), now);
    for (const id of expired) await removeUpload(deps, id);
    return expired.length;
  };
}
