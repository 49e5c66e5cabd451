import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./fixtures";

const pages = ["/", "/about", "/services", "/services/residential", "/projects", "/blog", "/blog/technology", "/contact", "/no-such-page"];

for (const scheme of ["light", "dark"] as const) {
  for (const path of pages) {
    test(`${path} has no serious or critical accessibility violation in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
}

test("a blog post has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z-]+\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Preparing your experience...")).toBeHidden();
  // Colours are checked once the screen has finished fading in.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual([]);
});
