import { existsSync } from "node:fs";
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * The data folder holds the database, every upload and the generated signing key, and a backup holds them all: only
 * the account the site runs as may read them (docs/decisions/117-secrets-at-rest.md).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its missing parents) that only the site's account can open. */
export async function makePrivateDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Brings the data folder and everything under it to 0700 (folders) and 0600 (files): an installation from before
 * these modes, or files written with looser ones (the embedded database's file layer writes 0666), are closed at
 * start. Nothing to do where there is no data folder (PostgreSQL and S3).
 */
export async function closeDataDir(dataDir: string) {
  if (!existsSync(dataDir)) return;
  await chmod(dataDir, PRIVATE_DIR_MODE);
  for (const name of await readdir(dataDir, { recursive: true })) {
    const entry = path.join(dataDir, name);
    // A symbolic link's own mode means nothing, and chmod would change what it points to (perhaps outside).
    const stats = await lstat(entry).catch(() => null);
    if (!stats || stats.isSymbolicLink()) continue;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    // Removed since it was listed (a file being replaced): nothing to close.
    if ((stats.mode & 0o777) !== wanted) await chmod(entry, wanted).catch(ignoreMissing);
  }
}

function ignoreMissing(error: NodeJS.ErrnoException) {
  if (error.code !== "ENOENT") throw error;
}
