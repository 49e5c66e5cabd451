/**
 * Creates the first admin account: npm run create-admin -- --email a@b.ng --first-name Ada --last-name Obi
 * Values not given as flags are asked for; the password may also come from CREATE_ADMIN_PASSWORD.
 */
import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import { adminInputSchema, createAdmin } from "../server/modules/auth/create-admin.js";

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, "first-name": { type: "string" }, "last-name": { type: "string" }, password: { type: "string" } },
  });
  const given: Record<string, string | undefined> = {
    email: values.email,
    firstName: values["first-name"],
    lastName: values["last-name"],
    password: values.password ?? process.env.CREATE_ADMIN_PASSWORD,
  };
  const labels: Record<string, string> = {
    email: "Email",
    firstName: "First name",
    lastName: "Last name",
    password: "Password (12+ characters, letters and digits)",
  };
  const missing = Object.keys(labels).filter((key) => !given[key]);
  if (missing.length > 0) {
    if (!stdin.isTTY)
      throw new Error(`missing ${missing.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")}`);
    const prompt = createInterface({ input: stdin, output: stdout });
    for (const key of missing) given[key] = await prompt.question(`${labels[key]}: `);
    prompt.close();
  }
  const parsed = adminInputSchema.safeParse(given);
  if (!parsed.success)
    throw new Error(
      z
        .prettifyError(parsed.error)
        .replace(/\n\s*→ at /g, " (")
        .replace(/\n/g, ") "),
    );

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    const admin = await createAdmin(database.db, parsed.data);
    console.log(`Admin ${admin.email} created. Sign in at ${config.publicOrigin}/login`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `Could not create the admin: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
