/**
 * Brings a backup back into the configured installation: npm run restore -- FILE [--force]
 * It must be empty (no account, no file) unless --force, which replaces everything in it. Stop the servers first.
 */
import { parseArgs } from "node:util";
import { restoreInstallation } from "../server/backup/restore.js";
import { ConfigError } from "../server/config.js";
import { openInstallation } from "./installation.js";

async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error("give one archive: npm run restore -- FILE [--force]");
  const installation = await openInstallation();
  try {
    const restored = await restoreInstallation(installation, file, { force: values.force });
    console.log(`Restored from ${file}: ${restored.tables} tables, ${restored.rows} rows, ${restored.files} files.`);
  } finally {
    await installation.close();
  }
}

main().catch((error: unknown) => {
  const reason = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
  console.error(`Could not restore: ${reason}`);
  process.exit(1);
});
