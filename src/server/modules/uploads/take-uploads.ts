import type { FastifyBaseLogger } from "fastify";
import type { Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { UPLOAD_IDS_FIELD, type UploadKind, uploadMessages } from "../../../shared/uploads.js";
import type { FinishedUpload, TakeFinishedUploads } from "../projects/index.js";
import { removeUpload } from "./remove-upload.js";
import { isUploadId, storeIdOf, type TusStore } from "./tus-store.js";
import type { UploadRecord, UploadRecords } from "./upload-records.js";

const refused = (status: number, message: string, code: string) => new ApiError(status, message, code, { [UPLOAD_IDS_FIELD]: message });

/**
 * Finished uploads for the routes that take files (see TakeFinishedUploads): claimed in one statement, checked whole
 * in the store, handed over, then deleted; given back (unclaimed) when the route refuses them.
 */
export function createTakeFinishedUploads(deps: { store: TusStore; records: UploadRecords; log: FastifyBaseLogger }): TakeFinishedUploads {
  const { store, records } = deps;

  async function finished(record: UploadRecord): Promise<FinishedUpload> {
    const stored = await store.datastore.getUpload(storeIdOf(record.id)).catch(() => null);
    if (!stored || stored.offset !== record.sizeBytes) throw refused(409, uploadMessages.unfinished, "upload_unfinished");
    return {
      id: record.id,
      filename: record.fileName,
      fileType: record.fileType,
      sizeBytes: record.sizeBytes,
      open: async () => store.datastore.read(storeIdOf(record.id)),
    };
  }

  return async function takeFinishedUploads<T>(
    viewer: Viewer,
    { projectId, kind, ids }: { projectId: number; kind: UploadKind; ids: readonly string[] },
    use: (uploads: FinishedUpload[]) => Promise<T>,
  ): Promise<T> {
    const unique = [...new Set(ids)];
    // Someone else's, another project's or kind's, used already or never made: one answer, which tells nothing more.
    if (unique.length !== ids.length || !unique.every(isUploadId)) throw refused(400, uploadMessages.notFound, "upload_not_found");
    const claimed = await records.claim(unique, viewer.id, projectId, kind);
    const claimedIds = claimed.map((record) => record.id);
    let result: T;
    try {
      if (claimed.length !== unique.length) {
        const missing = unique.filter((id) => !claimedIds.includes(id));
        if (await records.anyClaimed(missing, viewer.id, projectId, kind)) throw refused(409, uploadMessages.inUse, "upload_in_use");
        throw refused(400, uploadMessages.notFound, "upload_not_found");
      }
      const inOrder = unique.map((id) => claimed.find((record) => record.id === id)).filter((record) => record !== undefined);
      const uploads: FinishedUpload[] = [];
      for (const record of inOrder) uploads.push(await finished(record));
      result = await use(uploads);
    } catch (error) {
      await records.release(claimedIds);
      throw error;
    }
    for (const id of claimedIds) await removeUpload(deps, id);
    return result;
  };
}
