import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/modules/auth/passwords";
import type { DepartmentName, Role } from "../src/shared/departments";
import { signIn } from "./api-load";
import { benchPerson, openFreshBenchDatabase } from "./bench-database";
import { startBuiltServer } from "./server";

export type BenchAccount = { email: string; role: Role; department: DepartmentName };
export type SignedInAccount = { id: string; email: string; token: string };

const PASSWORD = "Bench-password-2026";

/**
 * The built server on a fresh database holding these accounts (approved, verified), each signed in through the API:
 * the embedded database in a temporary folder, or the PostgreSQL of BENCH_DATABASE_URL, emptied first. `stop()`
 * ends the server and removes the folder.
 */
export async function startSeededServer(port: number, accounts: readonly BenchAccount[]) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-bench-"));
  const seeded = await openFreshBenchDatabase(dataDir, databaseUrl);
  let ids: { id: string; email: string }[];
  try {
    const person = benchPerson(await hashPassword(PASSWORD));
    ids = await seeded.db
      .insert(users)
      .values(accounts.map((account, index) => person(account.email, account.role, account.department, index)))
      .returning({ id: users.id, email: users.email });
  } finally {
    await seeded.close();
  }
  // The server reads its database from DATABASE_URL (and then needs a signing key, which startBuiltServer gives).
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  const server = await startBuiltServer(port, dataDir);
  try {
    const signedIn = new Map<string, SignedInAccount>();
    for (const { id, email } of ids) signedIn.set(email, { id, email, token: await signIn(server.origin, email, PASSWORD) });
    const account = (email: string) => {
      const found = signedIn.get(email);
      if (!found) throw new Error(`no bench account ${email}`);
      return found;
    };
    return {
      origin: server.origin,
      pid: server.pid,
      database: databaseUrl ? "PostgreSQL" : "PGlite",
      dataDir,
      account,
      stop: () => {
        server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
