import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../server/app.js";
import { openDatabase } from "../server/db/client.js";
import { projectRoot } from "../server/paths.js";
import { testConfig } from "../server/testing/test-app.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], dataDir: string) {
  return spawnSync(process.execPath, [path.join(projectRoot, "dist/server/create-admin.js"), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm run create-admin", () => {
  it("refuses a weak password and creates nothing", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "create-admin-"));
    dirs.push(dataDir);
    const result = runCli(
      ["--email", "admin@crestbuild.ng", "--first-name", "Amaka", "--last-name", "Obi", "--password", "password"],
      dataDir,
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The password must be at least 12 characters long.");
  });

  it("creates an admin who can sign in and lands on /admin", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "create-admin-"));
    dirs.push(dataDir);
    const args = ["--email", "Admin@Crestbuild.ng", "--first-name", "Amaka", "--last-name", "Obi", "--password", "Zuma-rock-2026!"];
    const result = runCli(args, dataDir);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Admin admin@crestbuild.ng created.");
    expect(runCli(args, dataDir).stderr).toContain("already exists");

    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config: testConfig(), database });
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "admin@crestbuild.ng", password: "Zuma-rock-2026!" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ dashboard: "/admin", user: { role: "admin", department: "Admin", isVerified: true } });
      expect(response.json().data.user.department_code).toMatch(/^AD\d{5}$/);
    } finally {
      await app.close();
      await database.close();
    }
    // Two runs of the command, each opening and migrating its own embedded database, then the server: 28 s once on a
    // loaded CI machine.
  }, 90_000);
});
