import type { FastifyBaseLogger } from "fastify";
import type { UploadRecords } from "./upload-records.js";
import { storeIdOf, type TusStore } from "./tus-store.js";

/**
 * Deletes an upload's bytes, then its row. When the store fails, the row stays (claimed or old) and the next sweep
 * tries again: no file is left without a row to find it by.
 */
export async function removeUpload(deps: { store: TusStore; records: UploadRecords; log: FastifyBaseLogger }, id: string) {
  try {
    await deps.store.remove(storeIdOf(id));
  } catch (error) {
    // An upload whose creation failed, or whose bytes went already, has nothing to remove.
    if (!isNotFound(error)) {
      deps.log.warn({ err: error, uploadId: id }, "a resumable upload's file could not be removed; the sweep tries again");
      return;
    }
  }
  await deps.records.forget(id);
}

/** tus stores answer a missing upload with its error object { status_code: 404 }. */
const isNotFound = (error: unknown) => (error as { status_code?: number } | null)?.status_code === 404;
