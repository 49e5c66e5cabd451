import { signedInClient, signIn } from "./accounts";
import { expect, expectNoSeriousViolations, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

for (const scheme of ["light", "dark"] as const) {
  test(`the sign-in screens have no serious or critical accessibility violation in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    const screens = [
      ["/login", "Sign in"],
      ["/register", "Create your account"],
      ["/forgot-password", "Reset your password"],
    ] as const;
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectNoSeriousViolations(page);
    }
  });

  test(`the signed-in screens have no serious or critical accessibility violation in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await signedInClient(page, `a11y-${scheme}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Zainab");
    await expectNoSeriousViolations(page);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expectNoSeriousViolations(page);
  });
}

test("the admin screen has no serious or critical accessibility violation", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administration");
  // The list has loaded (the admin's own row may be on a later page once other journeys have registered accounts).
  await expect(page.getByRole("region", { name: "All accounts" }).getByText(/^\d+ accounts?$/)).toBeVisible();
  await expectNoSeriousViolations(page);
});
