import "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../shared/api.js";

/**
 * Reads the one file of a multipart upload into memory, refusing a missing field (400) and a file
 * over the limit (413) with the messages given. A file over the limit is never read past it.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number; missing: string; tooLarge: string },
): Promise<Buffer> {
  const { field, maxBytes, missing, tooLarge } = options;
  const tooLargeError = () => new ApiError(413, tooLarge, "file_too_large", { [field]: tooLarge });
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (file?.fieldname !== field) throw new ApiError(400, missing, "no_file", { [field]: missing });
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLargeError();
    throw error;
  }
  // toBuffer() misses the limit when it is crossed by the very last chunk; the stream still says so.
  if (file.file.truncated) throw tooLargeError();
  return bytes;
}
