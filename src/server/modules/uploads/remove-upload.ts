import type { FastifyBaseLogger } from "fastify";
import { storeIdOf, type TusStore } from "./tus-store.js";
import type { UploadRecords } from "./upload-records.js";

/**
 * Deletes an upload's files, then its row. When the store fails, the row stays (claimed or old) and the next sweep
 * tries again: no file is left without a row to find it by.
 */
export async function removeUpload(deps: { store: TusStore; records: UploadRecords; log: FastifyBaseLogger }, id: string) {
  try {
    await deps.store.removeFiles(storeIdOf(id));
  } catch (error) {
    deps.log.warn({ err: error, uploadId: id }, "a resumable upload's files could not be removed; the sweep tries again");
    return;
  }
  await deps.records.forget(id);
}
