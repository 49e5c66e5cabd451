import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import "@fastify/multipart";
import { ApiError } from "../../platform/envelope.js";

export type UploadedFile = { filename: string; data: Buffer };
export type MultipartUpload = { files: UploadedFile[]; fields: Record<string, string[]> };

type Limits = {
  /** The form field that carries the files; files in any other field are ignored. */
  fileField: string;
  maxFileBytes: number;
  maxFiles: number;
  tooLarge: string;
  tooMany: string;
};

const MAX_FIELD_BYTES = 20_000;

const drain = (stream: NodeJS.ReadableStream) => pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));

/**
 * Reads a whole multipart form into memory within the limits. The request is read to its end even
 * when a file is refused, so the client receives the clear refusal rather than a broken connection.
 */
export async function readMultipart(request: FastifyRequest, limits: Limits): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "Send the form as multipart/form-data.", "unsupported_media_type");
  }
  const files: UploadedFile[] = [];
  const fields: Record<string, string[]> = {};
  let refusal: ApiError | null = null;
  const tooLarge = () => new ApiError(413, limits.tooLarge, "file_too_large", { [limits.fileField]: limits.tooLarge });
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: 30, fieldSize: MAX_FIELD_BYTES },
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
          files.push({ filename: part.filename, data: await part.toBuffer() });
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
