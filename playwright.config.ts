import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./e2e/chromium";
import { e2eProviderEntry } from "./e2e/identity-provider";
import { E2E_SMTP_PORT } from "./e2e/mail-server";
import { E2E_ADMIN, E2E_AUTH_SECRET, E2E_ORIGIN, E2E_TURN_PORT, E2E_TURN_SECRET } from "./e2e/site-under-test";

// Another checkout can run its journeys at the same time on other ports (E2E_PORT, E2E_SMTP_PORT).
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = E2E_ORIGIN;

// Browser journeys against the built site on a fresh embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  globalSetup: ["./e2e/mail-server.ts", "./e2e/identity-provider.ts"],
  // A journey's whole budget: most sign up or in and check a screen with axe, 10-15 s on an idle machine and more than
  // twice that on a loaded one. The waits inside a journey (expect's own timeouts) are what catch a hang.
  timeout: 60_000,
  use: {
    baseURL,
    trace: "off",
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  webServer: {
    // A fresh database with its first admin, as an operator would start it (README: npm run create-admin).
    command: `rm -rf .e2e-data && node dist/server/create-admin.js --email ${E2E_ADMIN.email} --first-name ${E2E_ADMIN.firstName} --last-name ${E2E_ADMIN.lastName} && node dist/server/main.js`,
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      // Every loopback address `localhost` names (127.0.0.1, and ::1 where the machine's resolver gives it).
      HOST: "localhost",
      DATA_DIR: ".e2e-data",
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // Journeys send one X-Forwarded-For address each, so that each counts as its own visitor (e2e/fixtures.ts):
      // with one trusted hop the right-most entry is the client.
      TRUST_PROXY: "1",
      CREATE_ADMIN_PASSWORD: E2E_ADMIN.password,
      // Known to the journeys, which sign an expired token with it (e2e/session.spec.ts).
      AUTH_SECRET: E2E_AUTH_SECRET,
      // The coturn that the relayed calls journey starts on loopback (e2e/coturn.ts); the others never reach it.
      TURN_URLS: `turn:127.0.0.1:${E2E_TURN_PORT}?transport=udp`,
      TURN_SECRET: E2E_TURN_SECRET,
      // 'Continue with Local ID': the provider of e2e/identity-provider.ts.
      OIDC_PROVIDERS: JSON.stringify([e2eProviderEntry()]),
    },
  },
});
