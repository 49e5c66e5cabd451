import { defineConfig } from "@playwright/test";
import { E2E_SMTP_PORT } from "./e2e/mail-server";
import { E2E_ADMIN, E2E_AUTH_SECRET } from "./e2e/site-under-test";

// Another checkout can run its journeys at the same time on other ports (E2E_PORT, E2E_SMTP_PORT).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${PORT}`;

// Browser journeys against the built site on a fresh embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  globalSetup: "./e2e/mail-server.ts",
  timeout: 30_000,
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // A fresh database with its first admin, as an operator would start it (README: npm run create-admin).
    command: `rm -rf .e2e-data && node dist/server/create-admin.js --email ${E2E_ADMIN.email} --first-name ${E2E_ADMIN.firstName} --last-name ${E2E_ADMIN.lastName} && node dist/server/main.js`,
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: ".e2e-data",
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // Journeys send X-Forwarded-For so that each counts as its own visitor (e2e/fixtures.ts).
      TRUST_PROXY: "true",
      CREATE_ADMIN_PASSWORD: E2E_ADMIN.password,
      // Known to the journeys, which sign an expired token with it (e2e/session.spec.ts).
      AUTH_SECRET: E2E_AUTH_SECRET,
    },
  },
});
