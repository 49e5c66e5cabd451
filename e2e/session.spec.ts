import { decodeJwt, SignJWT } from "jose";
import { signedInClient } from "./accounts";
import { expect, test } from "./fixtures";
import { E2E_AUTH_SECRET } from "./site-under-test";

test("30 minutes without activity end the session: back to sign-in, saying why", async ({ page }) => {
  await page.clock.install();
  await signedInClient(page, "idle");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

  // Away for 31 minutes (the laptop closed): the clock jumps, and each due timer runs once, as in a browser woken up.
  // Nothing is in flight then, so no request's own 30 s timeout is among them.
  await page.waitForLoadState("networkidle");
  await page.clock.fastForward("31:00");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status")).toHaveText("Your session has expired. Please sign in again.");
  // The session is over on the server too: a reload does not bring it back.
  await page.goto("/settings");
  await expect(page).toHaveURL("/login");
});

test("an expired access token is renewed without the user noticing", async ({ page }) => {
  const email = await signedInClient(page, "renew");
  // The next profile request carries a genuinely expired token (same claims, signed with the site's key, expiry passed):
  // the server refuses it, and the browser must renew the session and repeat the request by itself.
  let refused = 0;
  await page.route("**/api/auth/profile", async (route) => {
    const current = route.request().headers().authorization?.replace("Bearer ", "") ?? "";
    if (refused > 0 || !current) return route.continue();
    refused++;
    const claims = decodeJwt(current);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 1000, exp: now - 60 })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(E2E_AUTH_SECRET));
    return route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${expired}` } });
  });
  const refreshes: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/auth/refresh")) refreshes.push(response.status());
  });

  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("region", { name: "Profile" })).toContainText(`Signed in as ${email}.`);
  await expect(page.getByLabel("First name")).toHaveValue("Zainab");
  expect(refused).toBe(1);
  expect(refreshes).toEqual([200]);
  await expect(page).toHaveURL("/settings");
});

test("signing out in one tab signs out every tab", async ({ page, context }) => {
  await signedInClient(page, "tabs");
  const secondTab = await context.newPage();
  await secondTab.goto("/settings");
  await expect(secondTab.getByRole("heading", { level: 1 })).toHaveText("Settings");

  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(secondTab).toHaveURL("/login");
  await expect(secondTab.getByRole("status")).toHaveText("You have signed out.");
});
