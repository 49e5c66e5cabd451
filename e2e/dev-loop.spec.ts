import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { E2E_PORT } from "./site-under-test";

// `npm run dev` in a temporary copy of the project: an edit to a screen shows in the open page without a reload, an
// edit to a server route is served after the server restarted itself. Nothing is restarted by hand.
const DEV_PORT = E2E_PORT + 50;
const origin = `http://localhost:${DEV_PORT}`;
const root = path.resolve(import.meta.dirname, "..");
const COPIED = ["src", "public", "content", "build", "package.json", "vite.config.ts", "tsconfig.json"];

let copy = "";
let dev: ChildProcess | undefined;
let output = "";

async function edit(file: string, from: string, to: string) {
  const full = path.join(copy, file);
  const text = await readFile(full, "utf8");
  expect(text).toContain(from);
  await writeFile(full, text.replace(from, to));
}

async function healthz(): Promise<string | null> {
  try {
    const response = await fetch(`${origin}/healthz`);
    return ((await response.json()) as { status: string }).status;
  } catch {
    return null;
  }
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = await mkdtemp(path.join(tmpdir(), "crestbuild-dev-"));
  for (const name of COPIED) await cp(path.join(root, name), path.join(copy, name), { recursive: true });
  await symlink(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  dev = spawn("npm", ["run", "dev"], {
    cwd: copy,
    detached: true,
    env: { ...process.env, PORT: String(DEV_PORT), HOST: "localhost", DATA_DIR: path.join(copy, "data"), LOG_LEVEL: "warn" },
  });
  dev.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  dev.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect.poll(healthz, { timeout: 180_000, message: `npm run dev did not start:\n${output}` }).toBe("alive");
});

test.afterAll(async () => {
  // The whole group: npm, tsx's watcher and the server under it.
  if (dev?.pid) process.kill(-dev.pid, "SIGTERM");
  if (copy) await rm(copy, { recursive: true, force: true });
});

test("an edited screen updates in place and an edited route is served after the server restarts itself", async ({ page }) => {
  await page.goto(`${origin}/no-such-page`);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible({ timeout: 60_000 });
  // Rendered on the server with the dev server's own scripts, under the production CSP (no console error).
  await expect(page.locator("script[src='/@vite/client']")).toHaveCount(1);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });

  // The stylesheet follows an edited screen (its classes are read from the sources): the server is edited only once
  // that update is in, or the browser would fetch it from a server restarting.
  const stylesUpdated = page.waitForEvent("console", {
    predicate: (message) => message.text().includes("hot updated: /src/web/styles.css"),
    timeout: 30_000,
  });
  await edit("src/web/pages/public/NotFoundPage.tsx", ">Page Not Found<", ">Page Not Found, edited<");
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found, edited" })).toBeVisible({ timeout: 30_000 });
  await stylesUpdated;
  // Updated in place: the page was not loaded again.
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);

  // An edited server file restarts the server and nothing else: a stylesheet update sent then would be fetched from a
  // server restarting, and fail.
  const styleUpdates: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("styles.css")) styleUpdates.push(message.text());
  });
  await edit("src/server/platform/health.ts", 'return { status: "alive" };', 'return { status: "alive and edited" };');
  await expect.poll(healthz, { timeout: 60_000 }).toBe("alive and edited");
  expect(styleUpdates).toEqual([]);
  // The server rendering follows the edited screen too.
  const html = await (await fetch(`${origin}/no-such-page`)).text();
  expect(html).toContain("Page Not Found, edited");
});

test("the API reference is open to everyone under npm run dev", async ({ page }) => {
  const document = await fetch(`${origin}/api/openapi.json`);
  expect(document.status).toBe(200);
  expect((await document.json()).paths["/api/contact"].post).toBeDefined();
  await page.goto(`${origin}/api/docs`);
  await expect(page.getByRole("heading", { level: 1, name: "Crestbuild API reference" })).toBeVisible();
  await expect(page.getByText("POST /api/contact", { exact: true })).toBeVisible();
});
