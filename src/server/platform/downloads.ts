import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** Content-Disposition for a download: an ASCII name for old clients and the exact name (RFC 5987) for the others. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A private file (a PDF, a CSV, a proof of payment) sent as a download that no cache keeps. */
export function sendDownload(reply: FastifyReply, file: { contentType: string; fileName: string; body: Buffer | string | Readable }) {
  return reply
    .type(file.contentType)
    .header("content-disposition", attachmentHeader(file.fileName))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.body);
}

/**
 * The name the file is downloaded under: the uploaded name without folders or control characters,
 * ending with the extension of what the file really is.
 */
export function safeFileName(uploaded: string, type: { extension: string; otherExtensions?: readonly string[] }): string {
  const base =
    uploaded
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, "")
      .trim()
      .slice(0, 150) || "document";
  if (base.toLowerCase().endsWith(`.${type.extension}`)) return base;
  // Another spelling of the same extension ("scan.jpeg") takes the usual one ("scan.jpg").
  const other = type.otherExtensions?.find((extension) => base.toLowerCase().endsWith(`.${extension}`));
  return other ? `${base.slice(0, -other.length)}${type.extension}` : `${base}.${type.extension}`;
}
