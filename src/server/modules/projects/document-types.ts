import { projectMessages } from "../../../shared/project-terms.js";
import { isKnownZipMethod, isZip, readZipEntries, readZipEntry, type ZipEntry, ZipRefusal, zipEntryHead } from "./zip-check.js";

/** The kinds of document a project keeps, recognised from their bytes (never from the name). */
export type DocumentType = { contentType: string; extension: string; otherExtensions?: string[] };

const PDF: DocumentType = { contentType: "application/pdf", extension: "pdf" };
const DWG: DocumentType = { contentType: "image/vnd.dwg", extension: "dwg" };
const DXF: DocumentType = { contentType: "image/vnd.dxf", extension: "dxf" };
const JPEG: DocumentType = { contentType: "image/jpeg", extension: "jpg", otherExtensions: ["jpeg"] };
const PNG: DocumentType = { contentType: "image/png", extension: "png" };
const ZIP: DocumentType = { contentType: "application/zip", extension: "zip" };
const DOCX: DocumentType = { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" };
const XLSX: DocumentType = { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };

/** The main part's content type that makes an Office Open XML package a Word document or an Excel workbook. */
const OFFICE_MAIN_PARTS: [string, DocumentType][] = [
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", DOCX],
  ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", XLSX],
];

/** Names of programs and scripts a ZIP may not carry. */
const EXECUTABLE_NAME = /\.(exe|bat|cmd|com|msi|scr|js|vbs|ps1|sh|jar|apk|dll)$/i;
/** Windows (MZ), Linux (ELF) and macOS (Mach-O, 32/64 bits either way round, and universal) programs. */
const EXECUTABLE_MAGIC = [
  Buffer.from("MZ"),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
];
const MACRO_NAME = /\.(docm|xlsm|dotm|xltm|xlsb|xlam)$/i;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type Recognition = { accepted: DocumentType } | { refused: string };

/** A name from the ZIP as a message may show it: no control characters, not too long. */
const shown = (name: string) => {
  const clean = name.replace(/\p{Cc}/gu, "");
  return clean.length > 80 ? `…${clean.slice(-79)}` : clean;
};

/** A path that would land outside the folder it is unpacked in: absolute, a drive, or a step up. */
const unsafePath = (name: string) =>
  name.includes("\0") || /^[\\/]/.test(name) || /^[a-z]:/i.test(name) || name.split(/[\\/]/).some((part) => part === "..");

/** A part's name as the ZIP stores it (Office writes it URI-escaped in [Content_Types].xml). */
function partPath(partName: string): string {
  try {
    return decodeURIComponent(partName);
  } catch {
    return partName;
  }
}

/** Why a ZIP (an Office file or a plain archive) is refused, or its type. */
function recognizeZip(bytes: Buffer, uploadedName: string): Recognition {
  let entries: ZipEntry[];
  try {
    entries = readZipEntries(bytes);
    for (const entry of entries) {
      if (entry.encrypted) return { refused: "The ZIP is password-protected: upload it without a password so it can be checked." };
      if (unsafePath(entry.name)) return { refused: `The ZIP holds a file with an unsafe path (${shown(entry.name)}).` };
      if (!isKnownZipMethod(entry))
        return { refused: "The ZIP uses a compression method that cannot be checked: save it with standard ZIP compression." };
    }
    for (const entry of entries) {
      if (EXECUTABLE_NAME.test(entry.name))
        return { refused: `The ZIP holds a program or script (${shown(entry.name)}): these are not accepted.` };
      const head = zipEntryHead(bytes, entry, 4);
      if (head && EXECUTABLE_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic))) {
        return { refused: `The ZIP holds a program (${shown(entry.name)}): these are not accepted.` };
      }
    }
  } catch (error) {
    if (error instanceof ZipRefusal) return { refused: error.message };
    throw error;
  }

  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const contentTypesEntry = byName.get("[Content_Types].xml");
  const contentTypes = contentTypesEntry ? readZipEntry(bytes, contentTypesEntry, 1024 * 1024)?.toString("utf8") : undefined;
  const hasMacros =
    MACRO_NAME.test(uploadedName) ||
    entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name)) ||
    (contentTypes !== undefined && /macroEnabled|vbaProject/i.test(contentTypes));
  if (hasMacros) return { refused: projectMessages.macroDocument };
  if (contentTypes === undefined) return contentTypesEntry ? { refused: "The ZIP file is damaged and cannot be read." } : { accepted: ZIP };
  // An Office package: Word or Excel only when its main part is declared and present.
  for (const override of contentTypes.matchAll(/<Override\b[^>]*>/g)) {
    const partName = /\bPartName="\/?([^"]+)"/.exec(override[0])?.[1];
    const contentType = /\bContentType="([^"]+)"/.exec(override[0])?.[1];
    const type = OFFICE_MAIN_PARTS.find(([main]) => main === contentType)?.[1];
    if (type && partName && byName.has(partPath(partName))) return { accepted: type };
  }
  return { accepted: ZIP };
}

/**
 * What an uploaded document is, from its bytes: PDF starts with %PDF-, an AutoCAD drawing with AC10 (AC1015,
 * AC1032...), an ASCII DXF with group code 0 and SECTION, a JPEG with FF D8 FF, a PNG with its 8-byte signature;
 * a ZIP (PK\3\4) is a Word or Excel file when it is a real Office package of that kind, else a plain archive. The name
 * only serves to refuse a macro-enabled file (.docm, .xlsm) that otherwise looks like a plain one.
 */
export function recognizeDocument(bytes: Buffer, uploadedName = ""): Recognition {
  const head = bytes.subarray(0, 64).toString("latin1");
  if (head.startsWith("%PDF-")) return { accepted: PDF };
  if (head.startsWith("AC10")) return { accepted: DWG };
  if (/^\s*0\r?\nSECTION\r?\n/.test(head)) return { accepted: DXF };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { accepted: JPEG };
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return { accepted: PNG };
  if (isZip(bytes)) return recognizeZip(bytes, uploadedName);
  return { refused: projectMessages.unsupportedDocument };
}
