import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { backupInstallation } from "../backup/backup.js";
import { settings } from "../db/schema.js";
import { TEST_PASSWORD } from "../testing/accounts.js";
import { pngImage } from "../testing/images.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTestServer, testConfig, testDatabase } from "../testing/test-app.js";
import { AUTH_SECRET_FILE } from "./auth-secret.js";
import { createStores } from "./stores.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const { call, upload, people } = setUpTestServer();
const newFolder = (name: string) => mkdtempSync(path.join(tmpdir(), `crestbuild-${name}-`));
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every folder and file under `dir` (itself included) whose mode is not 0700 (folders) or 0600 (files). */
function looseEntries(dir: string): string[] {
  const entries = [dir, ...readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)))];
  return entries
    .filter((entry) => modeOf(entry) !== (statSync(entry).isDirectory() ? "700" : "600"))
    .map((entry) => `${path.relative(dir, entry) || "."} ${modeOf(entry)}`);
}

describe("the data folder is the site's account's alone", () => {
  it("closes an existing data folder at start (0700 folders, 0600 files, the database's own) and keeps it closed", async () => {
    const dataDir = newFolder("data");
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "uploads", "avatars"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, "uploads", "avatars", "old.webp"), "an avatar from before", { mode: 0o644 });
    // A server that opens its own database: the embedded one in this folder, or the tests' PostgreSQL.
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }) });
    try {
      expect(looseEntries(dataDir)).toEqual([]);
      expect(modeOf(path.join(dataDir, AUTH_SECRET_FILE))).toBe("600");
      if (!databaseUrl) expect(readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
    // And what the database wrote while it ran.
    expect(looseEntries(dataDir)).toEqual([]);
  }, 120_000);

  it("writes uploads 0600 in 0700 folders", async () => {
    const client = await people.client("avatar@example.com");
    const photo = { field: "avatar", name: "me.png", type: "image/png", data: await pngImage(300, 300) };
    const avatar = (await upload("/users/upload-avatar", [photo], client.auth)).body.data.avatar as string;
    const uploads = path.join(testConfig().dataDir, "uploads");
    const file = path.join(uploads, avatar.replace(/^\/uploads\//, ""));
    expect(modeOf(file)).toBe("600");
    for (let folder = path.dirname(file); folder.startsWith(uploads); folder = path.dirname(folder)) expect(modeOf(folder)).toBe("700");
  });
});

describe("the signing key lives outside the database", () => {
  it("generates the embedded installation's key into a 0600 file in the data folder, not into the database", async () => {
    const file = path.join(testConfig().dataDir, AUTH_SECRET_FILE);
    expect(modeOf(file)).toBe("600");
    expect(readFileSync(file, "utf8").length).toBeGreaterThanOrEqual(32);
    expect(await (await testDatabase()).db.select().from(settings)).not.toContainEqual(expect.objectContaining({ key: "auth_secret" }));
  });

  it("moves a key an older version kept in the database to the file, signing with it still, and out of the database", async () => {
    const dataDir = newFolder("older");
    const older = "a-secret-generated-by-an-older-version-0123456789";
    await people.client("older@example.com");
    await (await testDatabase()).db.insert(settings).values({ key: "auth_secret", value: older });
    const server = await startTestServer({ DATA_DIR: dataDir }, { keepData: true });
    try {
      const post = async (route: string, body: unknown) => {
        const response = await fetch(server.url(`/api${route}`), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return ((await response.json()) as { data: Record<string, string> }).data;
      };
      const { userId, ticket } = await post("/auth/verify-credentials", { email: "older@example.com", password: TEST_PASSWORD });
      const { accessToken } = await post("/auth/complete-login", { userId, ticket });
      await jwtVerify(accessToken ?? "", new TextEncoder().encode(older));
      expect(readFileSync(path.join(dataDir, AUTH_SECRET_FILE), "utf8")).toBe(older);
      expect(modeOf(path.join(dataDir, AUTH_SECRET_FILE))).toBe("600");
      expect(await (await testDatabase()).db.select().from(settings).where(eq(settings.key, "auth_secret"))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("writes a backup 0600 that holds neither the signing key nor an authenticator secret", async () => {
    const client = await people.client("backup@example.com");
    const secret = (await call("/auth/mfa/enroll", { password: TEST_PASSWORD }, client.auth)).body.data.secret as string;
    expect((await call("/auth/mfa/verify", { code: await generate({ secret }) }, client.auth)).status).toBe(200);

    const archive = path.join(newFolder("backup"), "crestbuild.backup");
    const stores = createStores(testConfig());
    await backupInstallation({ db: (await testDatabase()).db, stores }, archive);
    expect(modeOf(archive)).toBe("600");
    const text = gunzipSync(readFileSync(archive)).toString("utf8");
    expect(text).toContain("backup@example.com");
    expect(text).not.toContain(secret);
    expect(text).not.toContain(readFileSync(path.join(testConfig().dataDir, AUTH_SECRET_FILE), "utf8"));
    expect(text).not.toContain("auth_secret");
  });
});
