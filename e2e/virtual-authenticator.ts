import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator that keeps discoverable credentials
 * and verifies its user (as a fingerprint would), answering without a prompt. The site is at http://localhost
 * (playwright.config.ts): WebAuthn refuses an IP address as relying-party id.
 */
export async function addVirtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await devtools.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}
