import type { Page } from "@playwright/test";
import { PASSWORD, signedInClient } from "./accounts";
import { expect, expectNoSeriousViolations, test, waitForHydration } from "./fixtures";
import { E2E_PROVIDER } from "./identity-provider";

/** The provider's own sign-in page (oidc-provider's): any login is a person there, whose subject it becomes. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test.beforeEach(async ({ page }) => {
  // Each journey goes through two sites and registers or signs in along the way.
  test.slow();
  // The provider's page asks for a web font; no internet here, and its failure is not the site's.
  await page.route("https://fonts.googleapis.com/**", (route) => route.fulfill({ status: 200, contentType: "text/css", body: "" }));
});

test(`'Continue with ${E2E_PROVIDER.name}' opens a client account through the provider's page and lands on the dashboard`, async ({
  page,
}) => {
  await page.goto("/register");
  await expect(page.getByRole("link", { name: `Continue with ${E2E_PROVIDER.name}` })).toBeVisible();
  await page.goto("/login");
  await waitForHydration(page);
  const button = page.getByRole("link", { name: `Continue with ${E2E_PROVIDER.name}` });
  await expect(button).toBeVisible();
  await expectNoSeriousViolations(page);
  await button.click();
  await signInAtProvider(page, `journey-${Date.now()}`);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Test");
});

test("link the provider from settings, then unlink it", async ({ page }) => {
  await signedInClient(page, "linker");
  await page.goto("/settings#sign-in-methods");
  const section = page.getByRole("region", { name: "Sign-in methods" });
  const row = section.getByRole("listitem", { name: E2E_PROVIDER.name });
  await expect(row).toContainText("Not linked", { timeout: 15_000 });
  await expectNoSeriousViolations(page);
  await row.getByRole("button", { name: "Link", exact: true }).click();
  // A fresh proof first: the open session alone cannot add a way in.
  const dialog = page.getByRole("dialog", { name: `Link ${E2E_PROVIDER.name}` });
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: `Continue to ${E2E_PROVIDER.name}` }).click();
  await signInAtProvider(page, `linker-${Date.now()}`);

  await expect(page.getByText(`${E2E_PROVIDER.name} is linked to your account.`, { exact: true })).toBeVisible({ timeout: 15_000 });
  // The result is taken out of the address once shown.
  await expect(page).toHaveURL(/\/settings#sign-in-methods$/);
  await expect(row).toContainText("Linked as");

  await row.getByRole("button", { name: "Unlink", exact: true }).click();
  await expect(page.getByText(`${E2E_PROVIDER.name} is unlinked.`, { exact: true })).toBeVisible();
  await expect(row).toContainText("Not linked");
});

test("settings have no sign-in methods section where no provider is offered and none is linked", async ({ page }) => {
  // As on an installation without OIDC_PROVIDERS (this site has one): the server offers none.
  await page.route("**/api/auth/identities", (route) =>
    route.fulfill({ json: { success: true, data: { providers: [], identities: [], hasPassword: true }, message: null, error: null } }),
  );
  await signedInClient(page, "noproviders");
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sign-in methods" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Sign-in methods" })).toHaveCount(0);
});
