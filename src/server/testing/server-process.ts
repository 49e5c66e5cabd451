import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { projectRoot } from "../paths.js";

export type ServerProcess = {
  url: (path: string) => string;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Everything the process printed, for the failure message of a test. */
  output: () => string;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop: () => Promise<number | null>;
};

/** A loopback port nobody listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * The built server (dist/server/main.js, as production runs it) in a child process on a free loopback port,
 * resolved once its /readyz answers 200. env adds to a quiet test configuration.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let printed = "";
  const child = spawn(process.execPath, [path.join(projectRoot, "dist/server/main.js")], {
    env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  // "close", not "exit": by then everything the process printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const url = (pathName: string) => `http://127.0.0.1:${port}${pathName}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const code = await exited;
    clearTimeout(kill);
    return code;
  };

  // Generous: a fresh embedded database is created and migrated first, on a machine that may be busy.
  const deadline = Date.now() + 120_000;
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  for (;;) {
    if (exitedEarly) throw new Error(`the server process ended before it was ready:\n${printed}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server process was not ready within 120 s:\n${printed}`);
    }
    const ready = await fetch(url("/readyz")).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, exited, output: () => printed, stop };
}
