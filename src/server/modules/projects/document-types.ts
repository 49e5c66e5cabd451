/** The kinds of document a project keeps, recognised from their first bytes (never from the name). */
export type DocumentType = { contentType: string; extension: string };

const PDF: DocumentType = { contentType: "application/pdf", extension: "pdf" };
const DWG: DocumentType = { contentType: "image/vnd.dwg", extension: "dwg" };
const DXF: DocumentType = { contentType: "image/vnd.dxf", extension: "dxf" };

/** PDF starts with %PDF-, an AutoCAD drawing with AC10 (AC1015, AC1032...), an ASCII DXF with group code 0 and SECTION. */
export function recognizeDocument(bytes: Buffer): DocumentType | null {
  const head = bytes.subarray(0, 64).toString("latin1");
  if (head.startsWith("%PDF-")) return PDF;
  if (head.startsWith("AC10")) return DWG;
  if (/^\s*0\r?\nSECTION\r?\n/.test(head)) return DXF;
  return null;
}

/**
 * The name the file is downloaded under: the uploaded name without folders or control characters,
 * ending with the extension of what the file really is.
 */
export function safeFileName(uploaded: string, type: DocumentType): string {
  const base =
    uploaded
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, "")
      .trim()
      .slice(0, 150) || "document";
  return base.toLowerCase().endsWith(`.${type.extension}`) ? base : `${base}.${type.extension}`;
}

/** Content-Disposition for a download: an ASCII name for old clients and the exact name (RFC 5987) for the others. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
