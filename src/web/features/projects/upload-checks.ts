import { DOCUMENT_MAX_BYTES, PHOTO_MAX_BYTES, PHOTOS_PER_UPLOAD, projectMessages } from "../../../shared/project-terms";
import { IMAGE_TYPES } from "../../lib/image-types";

/**
 * The server's upload rules, checked in the browser before a long upload on a slow site connection.
 * The server checks again, from the bytes.
 */
const DOCUMENT_EXTENSIONS = [".pdf", ".dwg", ".dxf", ".docx", ".xlsx", ".jpg", ".jpeg", ".png", ".zip"];
const MACRO_EXTENSIONS = [".docm", ".xlsm", ".dotm", ".xltm", ".xlsb", ".xlam"];

export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_EXTENSIONS,
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "image/jpeg",
  "image/png",
  "application/zip",
].join(",");

/** Why this photo cannot be uploaded, or null when it can. */
export function photoProblem(file: Pick<File, "name" | "type" | "size">): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP image.`;
  if (file.size > PHOTO_MAX_BYTES) return `${file.name}: ${projectMessages.photoTooLarge}`;
  return null;
}

/** Why this set of photos cannot be sent at once, or null. */
export const photoCountProblem = (count: number) => (count > PHOTOS_PER_UPLOAD ? projectMessages.tooManyPhotos : null);

/** Why this document cannot be uploaded, or null. Drawings often have no MIME type, so the name's extension decides. */
export function documentProblem(file: Pick<File, "name" | "size">): string | null {
  const name = file.name.toLowerCase();
  if (MACRO_EXTENSIONS.some((extension) => name.endsWith(extension))) return projectMessages.macroDocument;
  if (!DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return projectMessages.unsupportedDocument;
  if (file.size > DOCUMENT_MAX_BYTES) return projectMessages.documentTooLarge;
  return null;
}

/** "1,024", "3.4": at most one decimal, thousands grouped; by hand, not through Intl (src/shared/lagos-time.ts says why). */
function oneDecimal(value: number): string {
  const tenths = Math.round(value * 10);
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return tenths % 10 === 0 ? whole : `${whole}.${tenths % 10}`;
}

/** "820 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${oneDecimal(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${oneDecimal(bytes / 1024 / 1024)} MB`;
}
