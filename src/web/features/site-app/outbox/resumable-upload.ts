import { type DetailedError, Upload } from "tus-js-client";
import { RESUMABLE_UPLOADS_PATH, type UploadKind } from "../../../../shared/uploads";
import { uploadAuthorization } from "../../../lib/http/client";
import type { MediaFile } from "./outbox-items";

/** A chunk per request: what a dropped line sends again at most, and the step of the percentage shown. */
const CHUNK_BYTES = 512 * 1024;
/** A few quick retries within one sending; past them the item waits for the next one (the network's return). */
const RETRY_DELAYS_MS = [0, 1000, 3000];

/** An upload refused or failed: its status (0 when nothing answered) and the server's message, if it sent one. */
export class UploadFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? 0;

/** The message of a JSON envelope the API answered before tus (docs/api.md), else the protocol's text. */
function messageOf(error: Error): string {
  const body = (error as DetailedError).originalResponse?.getBody() ?? "";
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // The protocol's own answers are plain text.
  }
  return body.trim() || error.message;
}

/** An upload's id: the last part of its URL (`/api/uploads/{uploadId}`). */
export const uploadIdOf = (url: string) => url.split("/").pop() ?? "";

export type UploadEvents = { onUrl: (url: string) => void; onProgress: (sent: number, total: number) => void };

/**
 * Sends a photo's or a video's bytes to /api/uploads with tus-js-client (docs/decisions/149-resumable-uploads.md),
 * continuing the upload at `uploadUrl` when there is one (a reload, a dropped line), and answers its id. Every
 * request carries the Bearer token; a 401 renews it once.
 */
export function uploadMedia(projectId: number, kind: UploadKind, media: MediaFile, events: UploadEvents): Promise<string> {
  if (!media.file) return Promise.reject(new UploadFailure(400, "The file is no longer on this device."));
  let renew = false;
  return new Promise((resolve, reject) => {
    const upload = new Upload(media.file as Blob, {
      endpoint: `${window.location.origin}${RESUMABLE_UPLOADS_PATH}`,
      uploadUrl: media.uploadUrl,
      metadata: { projectId: String(projectId), kind, filename: media.fileName, filetype: media.fileType },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      onBeforeRequest: async (request) => {
        const authorization = await uploadAuthorization(renew);
        renew = false;
        if (authorization) request.setHeader("Authorization", authorization);
      },
      onShouldRetry: (error) => {
        const status = statusOf(error);
        if (status === 401) renew = true;
        return status === 0 || status === 401 || status === 409 || status === 423 || status >= 500;
      },
      onUploadUrlAvailable: () => {
        if (upload.url) events.onUrl(upload.url);
      },
      onProgress: events.onProgress,
      onSuccess: () => resolve(uploadIdOf(upload.url ?? "")),
      onError: (error) => reject(new UploadFailure(statusOf(error), messageOf(error))),
    });
    upload.start();
  });
}
