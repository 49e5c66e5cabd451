import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Starts the built server (npm run build first) on a loopback port, on a fresh embedded database unless one is given.
 * BENCH_NODE_ARGS adds Node options to find where the time goes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
 */
const profilingArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

export async function startBuiltServer(
  port: number,
  existingDataDir?: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ origin: string; pid: number; stop: () => void }> {
  const dataDir = existingDataDir ?? mkdtempSync(path.join(tmpdir(), "crestbuild-bench-"));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...profilingArgs(), ...nodeArgs, "dist/server/main.js"], {
    env: {
      // Production on PostgreSQL (BENCH_DATABASE_URL) needs a signing key from the environment.
      ...(process.env.DATABASE_URL ? { AUTH_SECRET: randomBytes(32).toString("hex") } : {}),
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN: origin,
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Generous: on a busy machine a fresh database takes a while to migrate and fill.
  const deadline = Date.now() + 180_000;
  let listening = false;
  while (!listening && Date.now() < deadline) {
    try {
      listening = (await fetch(`${origin}/robots.txt`)).ok;
    } catch {
      // not listening yet
    }
    if (!listening) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!listening) {
    child.kill("SIGTERM");
    throw new Error(`the built server did not answer on ${origin} within 3 minutes`);
  }
  return {
    origin,
    pid: child.pid ?? 0,
    stop: () => {
      child.kill("SIGTERM");
      if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
