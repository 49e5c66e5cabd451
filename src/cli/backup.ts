/**
 * Writes one archive of the configured installation, while it runs: npm run backup -- --out FILE
 * (its database at one instant and every stored file). With the embedded database, stop the server first.
 */
import { parseArgs } from "node:util";
import { backupInstallation } from "../server/backup/backup.js";
import { ConfigError } from "../server/config.js";
import { openInstallation } from "./installation.js";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) throw new Error("missing --out FILE (where to write the archive)");
  const installation = await openInstallation();
  try {
    const written = await backupInstallation(installation, values.out);
    console.log(`Backup written to ${values.out}: ${written.tables} tables, ${written.rows} rows, ${written.files} files.`);
  } finally {
    await installation.close();
  }
}

main().catch((error: unknown) => {
  const reason = error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error);
  console.error(`Could not back up: ${reason}`);
  process.exit(1);
});
