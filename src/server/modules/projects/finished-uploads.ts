import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { projectMessages } from "../../../shared/project-terms.js";
import { UPLOAD_IDS_FIELD, UPLOAD_IDS_PER_FORM, type UploadKind, uploadMessages } from "../../../shared/uploads.js";
import { type MultipartUpload, type SpooledFile, spoolToFile } from "../../platform/multipart.js";

/** A finished resumable upload (tus, /api/uploads), as a route receives it in place of a file part. */
export type FinishedUpload = { id: string; filename: string; fileType: string; sizeBytes: number; open(): Promise<Readable> };

/**
 * Takes the caller's finished uploads of this project and kind, in the order named (a clear 400 naming `uploadIds`
 * for one that is unknown, someone else's, another project's or kind's, unfinished or already being used), hands them
 * to `use`, deletes them when `use` succeeds and gives them back, untouched, when it throws. The uploads module
 * provides it (app.ts); any route of this module that takes files may use it.
 */
export type TakeFinishedUploads = <T>(
  viewer: Viewer,
  wanted: { projectId: number; kind: UploadKind; ids: readonly string[] },
  use: (uploads: FinishedUpload[]) => Promise<T>,
) => Promise<T>;

const refused = (status: number, message: string, code: string) => new ApiError(status, message, code, { [UPLOAD_IDS_FIELD]: message });

const uploadIdsOf = (fields: Record<string, string[]>) => fields[UPLOAD_IDS_FIELD] ?? [];

/**
 * A photo form (the gallery, a diary entry): its file parts, or the finished photo uploads its `uploadIds` name,
 * read into the form as if they had been sent as its file parts (same checks, hashes and EXIF after this).
 */
export async function withUploadedPhotos<T>(
  takeUploads: TakeFinishedUploads,
  viewer: Viewer,
  projectId: number,
  form: MultipartUpload,
  post: (form: MultipartUpload) => Promise<T>,
): Promise<T> {
  const ids = uploadIdsOf(form.fields);
  if (ids.length === 0) return post(form);
  if (form.files.length > 0) throw refused(400, uploadMessages.filesAndUploads, "files_and_uploads");
  if (ids.length > UPLOAD_IDS_PER_FORM) throw refused(413, uploadMessages.tooManyUploads, "too_many_files");
  return takeUploads(viewer, { projectId, kind: "photo", ids }, async (uploads) => {
    const files = [];
    for (const upload of uploads) files.push({ filename: upload.filename, data: await buffer(await upload.open()) });
    return post({ ...form, files });
  });
}

/**
 * A video form: its file part, or the one finished video upload its `uploadIds` names, spooled to `folder` and hashed
 * as a file part is (spoolFormFile). `add` removes the spooled file when done with it.
 */
export async function withUploadedVideo<T>(
  takeUploads: TakeFinishedUploads,
  viewer: Viewer,
  projectId: number,
  form: { file: SpooledFile | null; fields: Record<string, string[]>; folder: string },
  add: (upload: { file: SpooledFile; fields: Record<string, string[]> }) => Promise<T>,
): Promise<T> {
  const { file, fields, folder } = form;
  const ids = uploadIdsOf(fields);
  if (ids.length === 0) {
    if (!file) throw new ApiError(400, projectMessages.noVideo, "no_file", { video: projectMessages.noVideo });
    return add({ file, fields });
  }
  if (file) {
    await rm(file.path, { force: true });
    throw refused(400, uploadMessages.filesAndUploads, "files_and_uploads");
  }
  if (ids.length > 1) throw refused(413, uploadMessages.oneVideo, "too_many_files");
  return takeUploads(viewer, { projectId, kind: "video", ids }, async ([upload]) => {
    if (!upload) throw refused(400, uploadMessages.notFound, "upload_not_found");
    const spooled = await spoolToFile(await upload.open(), folder);
    return add({ file: { filename: upload.filename, mimeType: upload.fileType, ...spooled }, fields });
  });
}
