import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../shared/api.js";
import { captureFields } from "../../shared/evidence.js";
import { PHOTOS_PER_UPLOAD } from "../../shared/project-terms.js";

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

/**
 * The text fields a form may carry: its own (a diary entry's, a snag's: under 20), and for each of its photos (at most
 * PHOTOS_PER_UPLOAD) a caption, an upload id and every capture field. Each field is at most MAX_FIELD_BYTES, so this
 * bounds what one form holds in memory (about 2.6 MB).
 */
const MAX_FIELDS = 20 + PHOTOS_PER_UPLOAD * (captureFields.length + 2);
const tooManyFields = "This form has too many fields.";
const MAX_FIELD_BYTES = 20_000;

const drain = (stream: NodeJS.ReadableStream) => pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));

/**
 * The one reader of multipart forms, within the limits: text fields into memory, each file of the file field handed to
 * `keep` (files in other fields, and any after a refusal, are read past). Too large a file and too many files are both
 * 413, naming the file field. The request is read to its end even when a file is refused, so the client receives the
 * clear refusal rather than a broken connection. On any refusal `discard` undoes what `keep` kept, and it throws.
 */
async function readParts(
  request: FastifyRequest,
  limits: MultipartLimits,
  keep: (part: MultipartFile, tooLarge: () => ApiError) => Promise<ApiError | null>,
  discard: () => Promise<void> = async () => {},
): Promise<Record<string, string[]>> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "Send the form as multipart/form-data.", "unsupported_media_type");
  }
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
        refusal ??= await keep(part, tooLarge);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") refusal ??= tooLarge();
    else if (code === "FST_FIELDS_LIMIT") refusal ??= new ApiError(413, tooManyFields, "too_many_fields");
    else if (code === "FST_FILES_LIMIT")
      refusal ??= new ApiError(413, limits.tooMany, "too_many_files", { [limits.fileField]: limits.tooMany });
    else {
      await discard();
      throw error;
    }
  }
  if (refusal) {
    await discard();
    throw refusal;
  }
  return fields;
}

/** The whole form into memory, within the limits (readParts). */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartUpload> {
  const files: UploadedFile[] = [];
  const fields = await readParts(request, limits, async (part, tooLarge) => {
    try {
      const data = await part.toBuffer();
      // toBuffer() misses the limit when the very last chunk crosses it; the stream still says so.
      if (part.file.truncated) return tooLarge();
      files.push({ filename: part.filename, data });
      return null;
    } catch (error) {
      if ((error as { code?: string }).code !== "FST_REQ_FILE_TOO_LARGE") throw error;
      return tooLarge();
    }
  });
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
 * A stream written to a new file under `folder` as it arrives, hashed on the way (SHA-256), never whole in memory;
 * nothing is left behind when the stream fails. The caller removes the file when done with it.
 */
export async function spoolToFile(stream: Readable, folder: string): Promise<Pick<SpooledFile, "path" | "sizeBytes" | "sha256">> {
  const target = path.join(folder, `${randomUUID()}.upload`);
  const hash = createHash("sha256");
  let sizeBytes = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, hashing, createWriteStream(target));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { path: target, sizeBytes, sha256: hash.digest("hex") };
}

/**
 * A form with at most one large file (a video): the file goes to `folder` as it streams in (spoolToFile); the text
 * fields are read as readMultipart reads them. Over the size limit, 413 and the partial file removed. `file` is null
 * when the form carries none. The caller removes the answer's file when done with it.
 */
export async function spoolFormFile(
  request: FastifyRequest,
  limits: Omit<MultipartLimits, "maxFiles"> & { folder: string },
): Promise<{ file: SpooledFile | null; fields: Record<string, string[]> }> {
  let file: SpooledFile | null = null;
  const discard = async () => {
    if (file) await rm(file.path, { force: true });
  };
  const fields = await readParts(
    request,
    { ...limits, maxFiles: 1 },
    async (part, tooLarge) => {
      file = { filename: part.filename, mimeType: part.mimetype, ...(await spoolToFile(part.file, limits.folder)) };
      return part.file.truncated ? tooLarge() : null;
    },
    discard,
  );
  return { file, fields };
}
