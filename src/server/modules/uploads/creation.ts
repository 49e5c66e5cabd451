import { Metadata } from "@tus/server";
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../../shared/api.js";
import { type UploadKind, uploadKinds, uploadMaxBytes, uploadMessages } from "../../../shared/uploads.js";
import { productWording } from "../../../shared/wording.js";
import { currentViewer } from "../../platform/authenticate.js";
import type { ProjectGuard } from "../projects/index.js";

/** What a creation request asks for, read from its tus headers and checked before tus creates anything. */
export type Creation = { userId: string; projectId: number; kind: UploadKind; fileName: string; fileType: string; sizeBytes: number };

const invalid = (field: string, message: string) =>
  new ApiError(400, productWording.validationFailed, "validation_failed", { [field]: message });

/** The largest project id PostgreSQL's integer holds: anything above is no project. */
const MAX_ID = 2_147_483_647;
const MAX_FILENAME = 255;
const MAX_FILETYPE = 100;
const DEFAULT_FILETYPE = "application/octet-stream";

function metadataOf(request: FastifyRequest): Record<string, string | null> {
  const header = request.headers["upload-metadata"];
  if (typeof header !== "string") return {};
  try {
    return Metadata.parse(header);
  } catch {
    throw invalid("Upload-Metadata", "Upload-Metadata must be comma-separated pairs of a key and a Base64 value.");
  }
}

const hasControlCharacter = (value: string) => [...value].some((character) => character < " ");

/**
 * The upload a POST /api/uploads asks for: its metadata naming a project the caller may add to (404 / 403 as the
 * project routes answer), its length declared (no deferred length), a kind and a file name, and its length within that
 * kind's limit (413, as the multipart routes answer an oversized file part).
 */
export async function checkCreation(request: FastifyRequest, guard: ProjectGuard): Promise<Creation> {
  const viewer = currentViewer(request);
  const metadata = metadataOf(request);
  const projectId = Number(metadata.projectId);
  if (!/^\d{1,10}$/.test(metadata.projectId ?? "") || projectId < 1 || projectId > MAX_ID)
    throw invalid("projectId", uploadMessages.projectIdRequired);
  // Who may add to the project before what they send: a stranger learns nothing from a 400.
  await guard.edit(viewer, projectId);
  const length = request.headers["upload-length"];
  if (typeof length !== "string" || !/^\d{1,15}$/.test(length)) throw invalid("Upload-Length", uploadMessages.lengthRequired);
  const kind = uploadKinds.find((known) => known === metadata.kind);
  if (!kind) throw invalid("kind", uploadMessages.kindRequired);
  const fileName = metadata.filename?.trim() ?? "";
  if (!fileName || fileName.length > MAX_FILENAME || hasControlCharacter(fileName))
    throw invalid("filename", uploadMessages.filenameRequired);
  const fileType = metadata.filetype?.trim() || DEFAULT_FILETYPE;
  if (fileType.length > MAX_FILETYPE || hasControlCharacter(fileType)) throw invalid("filetype", uploadMessages.filetypeTooLong);
  const sizeBytes = Number(length);
  if (sizeBytes > uploadMaxBytes[kind]) {
    const tooLarge = kind === "photo" ? uploadMessages.photoTooLarge : uploadMessages.videoTooLarge;
    throw new ApiError(413, tooLarge, "file_too_large", { "Upload-Length": tooLarge });
  }
  return { userId: viewer.id, projectId, kind, fileName, fileType, sizeBytes };
}
