import { constants, inflateRawSync } from "node:zlib";

/**
 * A small reader of a ZIP's central directory, enough to judge an upload without unpacking it: the entries' names,
 * sizes and flags, and the first bytes of an entry (docs/decisions/127-document-folders-versions-and-client-invitations.md).
 */

export type ZipEntry = {
  name: string;
  encrypted: boolean;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

/** More files than a project's archive of drawings or scans would hold: refused as a likely bomb. */
export const ZIP_MAX_ENTRIES = 5000;
/** What the entries may unpack to, all together (the central directory's sizes). */
export const ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export class ZipRefusal extends Error {}

const damaged = () => new ZipRefusal("The ZIP file is damaged and cannot be read.");

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;

/** The entries listed by the central directory; throws a ZipRefusal when it cannot be trusted or is too big. */
export function readZipEntries(bytes: Buffer): ZipEntry[] {
  // The end record is in the last 22 bytes plus a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 (the markers of a count or an offset too big for the classic fields): far beyond what the checks allow.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw tooBig();
  if (count > ZIP_MAX_ENTRIES) throw new ZipRefusal(`The ZIP holds more than ${ZIP_MAX_ENTRIES.toLocaleString("en")} files.`);
  if (offset + size > end) throw damaged();

  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw damaged();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const uncompressedSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localHeaderOffset = bytes.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw damaged();
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw tooBig();
    unpacked += uncompressedSize;
    if (unpacked > ZIP_MAX_UNPACKED_BYTES) throw tooBig();
    entries.push({ name, encrypted: (flags & 1) === 1, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const tooBig = () => new ZipRefusal(`The ZIP would unpack to more than ${ZIP_MAX_UNPACKED_BYTES / 1024 / 1024} MB.`);

/** Where an entry's data starts, from its local header; throws when it lies outside the file. */
function dataOf(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw damaged();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw damaged();
  return bytes.subarray(start, start + entry.compressedSize);
}

/** The whole content of a small entry (at most `maxBytes` unpacked), or null when it cannot be read. */
export function readZipEntry(bytes: Buffer, entry: ZipEntry, maxBytes: number): Buffer | null {
  if (entry.encrypted || entry.uncompressedSize > maxBytes) return null;
  const data = dataOf(bytes, entry);
  if (entry.method === STORED) return data;
  if (entry.method !== DEFLATED) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
}

/**
 * The first bytes of an entry, unpacking only the start of its data (1 KB of deflated data unpacks to 1 MB at most);
 * null when they cannot be read.
 */
export function zipEntryHead(bytes: Buffer, entry: ZipEntry, length = 8): Buffer | null {
  if (entry.encrypted) return null;
  const data = dataOf(bytes, entry);
  if (entry.method === STORED) return data.subarray(0, length);
  if (entry.method !== DEFLATED) return null;
  try {
    return inflateRawSync(data.subarray(0, 1024), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 2 * 1024 * 1024 }).subarray(
      0,
      length,
    );
  } catch {
    return null;
  }
}

export const isKnownZipMethod = (entry: ZipEntry) => entry.method === STORED || entry.method === DEFLATED;
