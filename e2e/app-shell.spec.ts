import { expect, test, waitForHydration } from "./fixtures";

test("the splash screen shows while a screen's code loads, with the SVG logo when the JPG fails", async ({ page }) => {
  await page.route("**/brand/logo.jpg", (route) => route.fulfill({ status: 404, body: "" }));
  let releaseChunk: () => void = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await page.route(/\/assets\/ContactPage-[^/]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();

  const splash = page.getByRole("status").filter({ hasText: "Preparing your experience..." });
  await expect(splash).toBeVisible();
  await expect(splash).toContainText("Building Africa's Future");
  await expect(splash.getByRole("img", { name: "Crestbuild logo" })).toHaveAttribute("src", "/brand/logo.svg");

  releaseChunk();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(splash).toBeHidden();
});

test("an application error shows the fallback screen, a toast, and both buttons work", async ({ page, consoleErrors }) => {
  await page.route(/\/assets\/AboutPage-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "throw new Error('chunk exploded')" }),
  );
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();

  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(
    page.getByText("We apologize for the inconvenience. Please try refreshing the page or contact support if the problem persists."),
  ).toBeVisible();
  await expect(page.getByText(/^Application error: /)).toBeVisible();

  // Refresh reloads the page (the broken chunk is still broken, so the fallback comes back).
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Refresh Page" }).click()]);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();

  await page.getByRole("button", { name: "Clear Cache & Restart" }).click();
  await expect(page).toHaveURL("/");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();

  // The error was expected here; anything else logged still fails the test.
  expect(consoleErrors.some((text) => text.includes("chunk exploded"))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !text.includes("chunk exploded")));
});
