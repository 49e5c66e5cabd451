import { expect, test, waitForHydration } from "./fixtures";

test("a chosen theme is applied at once and kept after a reload, without a flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/about");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await page.getByTitle("Dark").first().click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  // The class must be on <html> before any script of the page runs: check the very first paint.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { themeAtLoad: string }).themeAtLoad = document.documentElement.className;
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtLoad: string }).themeAtLoad)).toContain("dark");
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "Dark" }).first()).toBeChecked();
});

test("the system theme follows the operating system's scheme live", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: "System" }).first()).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});
