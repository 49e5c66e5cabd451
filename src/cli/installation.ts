import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import { createStores } from "../server/platform/stores.js";

/**
 * The configured installation (DATABASE_URL or DATA_DIR, S3_* or the disk), migrated, for the command-line tools.
 * With the embedded database, the server must be stopped (PGlite allows one process at a time).
 */
export async function openInstallation() {
  const config = loadConfig();
  // As the server does (main.ts): what the tools create is the site account's alone.
  process.umask(0o077);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await migrate(database.db);
  const { uploads, media, documents } = createStores(config);
  return { db: database.db, stores: { uploads, media, documents }, close: () => database.close() };
}
