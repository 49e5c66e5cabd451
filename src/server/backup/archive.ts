import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PRIVATE_FILE_MODE } from "../platform/private-files.js";

/**
 * A backup archive: gzip-compressed JSON lines. The first line says what it is; then one line per table
 * (its rows as PostgreSQL's own JSON) and one per stored file (its bytes in base64).
 */
export const ARCHIVE_FORMAT = "crestbuild-backup/1";

export type ArchiveLine =
  | { kind: "header"; format: typeof ARCHIVE_FORMAT; createdAt: string; migrations: string[] }
  | { kind: "table"; name: string; rows: string[] }
  | { kind: "file"; store: string; key: string; base64: string };

/** Writes the lines the source yields to a gzip file, one at a time (a file's bytes are held only while written). */
export async function writeArchive(file: string, lines: AsyncIterable<ArchiveLine>) {
  async function* encoded() {
    for await (const line of lines) yield `${JSON.stringify(line)}\n`;
  }
  // Only the operator's account reads it: it holds every account and every private file.
  await pipeline(encoded, createGzip(), createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE_MODE }));
}

/** The archive's lines in order; throws a clear error for a file that is not one of our archives. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveLine> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  let first = true;
  try {
    for await (const text of lines) {
      if (!text) continue;
      const line = JSON.parse(text) as ArchiveLine;
      if (first && (line.kind !== "header" || line.format !== ARCHIVE_FORMAT)) throw new Error(`${file} is not a Crestbuild backup`);
      first = false;
      yield line;
    }
  } catch (error) {
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === "Z_DATA_ERROR") {
      throw new Error(`${file} is not a Crestbuild backup (or it is damaged)`);
    }
    throw error;
  }
  if (first) throw new Error(`${file} is empty`);
}
