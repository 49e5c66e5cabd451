import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Starts the built server (npm run build first) on a loopback port, on a fresh embedded database unless one is given. */
export async function startBuiltServer(port: number, existingDataDir?: string): Promise<{ origin: string; stop: () => void }> {
  const dataDir = existingDataDir ?? mkdtempSync(path.join(tmpdir(), "crestbuild-bench-"));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_ORIGIN: origin },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    stop: () => {
      child.kill("SIGTERM");
      if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
