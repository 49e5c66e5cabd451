import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import "@fastify/multipart";
import { ApiError } from "../../shared/api.js";

export type UploadedFile = { filename: string; data: Buffer };
export type MultipartUpload = { files: UploadedFile[]; fields: Record<string, string[]> };

export type MultipartLimits = {
  /** The form field that carries the files; files in any other field are read past and ignored. */
  fileField: string;
  maxFileBytes: number;
  maxFiles: number;
  /** Said when a file is over maxFileBytes (413 file_too_large). */
  tooLarge: string;
  /** Said when the form carries more than maxFiles files (413 too_many_files). */
  tooMany: string;
};

const MAX_FIELDS = 30;
const MAX_FIELD_BYTES = 20_000;

const drain = (stream: NodeJS.ReadableStream) => pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));

/**
 * The one reader of multipart forms: the whole form into memory, within the limits. Too large a file and too many
 * files are both 413, naming the file field. The request is read to its end even when a file is refused, so the
 * client receives the clear refusal rather than a broken connection.
 */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "Send the form as multipart/form-data.", "unsupported_media_type");
  }
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  let refusal: ApiError | null = null;
  const tooLarge = () => new ApiError(413, limits.tooLarge, "file_too_large", { [limits.fileField]: limits.tooLarge });
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated)
          refusal ??= new ApiError(400, "This field is too long.", "validation_failed", { [part.fieldname]: "This field is too long." });
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
      } else if (part.fieldname !== limits.fileField || refusal) {
        await drain(part.file);
      } else {
        try {
          const data = await part.toBuffer();
          // toBuffer() misses the limit when the very last chunk crosses it; the stream still says so.
          if (part.file.truncated) refusal ??= tooLarge();
          else files.push({ filename: part.filename, data });
        } catch (error) {
          if ((error as { code?: string }).code !== "FST_REQ_FILE_TOO_LARGE") throw error;
          refusal ??= tooLarge();
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") refusal ??= tooLarge();
    else if (code === "FST_FILES_LIMIT")
      refusal ??= new ApiError(413, limits.tooMany, "too_many_files", { [limits.fileField]: limits.tooMany });
    else throw error;
  }
  if (refusal) throw refusal;
  return { files, fields };
}

/** The first value of a text field of the form. */
export const fieldOf = (upload: MultipartUpload, name: string) => upload.fields[name]?.[0];

/** The one file of a form that carries exactly one (a photo, a cover): 400 with `missing` when there is none. */
export async function readOneFile(
  request: FastifyRequest,
  limits: Omit<MultipartLimits, "maxFiles"> & { missing: string },
): Promise<Buffer> {
  const { files } = await readMultipart(request, { ...limits, maxFiles: 1 });
  const [file] = files;
  if (!file) throw new ApiError(400, limits.missing, "no_file", { [limits.fileField]: limits.missing });
  return file.data;
}

/** A file of a form written to a temporary file as it arrives, with the SHA-256 of its bytes. */
export type SpooledFile = { filename: string; mimeType: string; path: string; sizeBytes: number; sha256: string };

/**
 * A form with one large file (a video): the file goes to `folder` as it streams in, hashed on the way, never whole in
 * memory; the text fields are read as readMultipart reads them. Over the size limit, 413 and the partial file removed.
 * The caller removes the answer's file when done with it.
 */
export async function spoolOneFile(
  request: FastifyRequest,
  limits: Omit<MultipartLimits, "maxFiles"> & { missing: string; folder: string },
): Promise<{ file: SpooledFile; fields: Record<string, string[]> }> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "Send the form as multipart/form-data.", "unsupported_media_type");
  }
  const fields: Record<string, string[]> = {};
  let file: SpooledFile | null = null;
  let refusal: ApiError | null = null;
  const tooLarge = () => new ApiError(413, limits.tooLarge, "file_too_large", { [limits.fileField]: limits.tooLarge });
  const parts = request.parts({
    limits: { fileSize: limits.maxFileBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated)
          refusal ??= new ApiError(400, "This field is too long.", "validation_failed", { [part.fieldname]: "This field is too long." });
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
      } else if (part.fieldname !== limits.fileField || refusal || file) {
        await drain(part.file);
      } else {
        const target = path.join(limits.folder, `${randomUUID()}.upload`);
        const hash = createHash("sha256");
        let sizeBytes = 0;
        part.file.on("data", (chunk: Buffer) => {
          hash.update(chunk);
          sizeBytes += chunk.length;
        });
        file = { filename: part.filename, mimeType: part.mimetype, path: target, sizeBytes: 0, sha256: "" };
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) refusal ??= tooLarge();
        file.sizeBytes = sizeBytes;
        file.sha256 = hash.digest("hex");
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") refusal ??= tooLarge();
    else if (code === "FST_FILES_LIMIT")
      refusal ??= new ApiError(413, limits.tooMany, "too_many_files", { [limits.fileField]: limits.tooMany });
    else {
      if (file) await rm(file.path, { force: true });
      throw error;
    }
  }
  if (refusal || !file) {
    if (file) await rm(file.path, { force: true });
    throw refusal ?? new ApiError(400, limits.missing, "no_file", { [limits.fileField]: limits.missing });
  }
  return { file, fields };
}
