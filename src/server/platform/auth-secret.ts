import { randomBytes } from "node:crypto";
import { link, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Config } from "../config.js";
import type { AppDb } from "../db/client.js";
import { settings } from "../db/schema.js";
import { makePrivateDir, PRIVATE_FILE_MODE } from "./private-files.js";
import { readSetting } from "./settings.js";

/** Where the embedded installation keeps the secret it generated, beside (never inside) its database. */
export const AUTH_SECRET_FILE = "auth-secret";

/** Installations before docs/decisions/117-secrets-at-rest.md kept the generated secret in this setting. */
const LEGACY_SETTING = "auth_secret";

/**
 * The key that signs access tokens and seals authenticator secrets: AUTH_SECRET, or else a secret generated once
 * into a 0600 file in the data folder. A secret an older version kept in the database moves to that file (sessions
 * and authenticators keep working) and leaves the database, and so every later backup.
 */
export async function loadAuthSecret(db: AppDb, config: Pick<Config, "authSecret" | "dataDir">): Promise<string> {
  const legacy = await readSetting<string | null>(db, LEGACY_SETTING, null);
  const secret = config.authSecret ?? (await readOrCreateSecretFile(path.join(config.dataDir, AUTH_SECRET_FILE), legacy));
  if (legacy !== null) await db.delete(settings).where(eq(settings.key, LEGACY_SETTING));
  return secret;
}

/**
 * The file's secret. A new one is written aside and linked into place, which fails if the file exists: of instances
 * starting together, the first wins whole, and none reads a half-written file.
 */
async function readOrCreateSecretFile(file: string, legacy: string | null): Promise<string> {
  await makePrivateDir(path.dirname(file));
  const aside = `${file}.${process.pid}.${Date.now()}.partial`;
  try {
    await writeFile(aside, legacy ?? randomBytes(48).toString("base64url"), { flag: "wx", mode: PRIVATE_FILE_MODE });
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(aside, { force: true });
  }
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) throw new Error(`${file} must hold a secret of at least 32 characters (delete it to have one generated)`);
  return secret;
}
