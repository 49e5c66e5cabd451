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
  // The bar starts empty and fills (2 s after a 0.8 s delay) while the code is still loading.
  const filled = () =>
    splash.locator("[aria-hidden] > div").evaluate((bar) => bar.getBoundingClientRect().width / (bar.parentElement?.clientWidth ?? 1));
  expect(await filled()).toBeLessThan(0.5);
  await expect.poll(filled, { timeout: 6_000 }).toBeGreaterThan(0.99);

  releaseChunk();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(splash).toBeHidden();
});

type GtagCall = [string, string, Record<string, unknown>];

/** Stands in for Google's gtag so the events the app sends can be read back. */
async function recordAnalytics(page: import("@playwright/test").Page) {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    Object.assign(window, { gtagCalls: calls, gtag: (...args: unknown[]) => calls.push(args) });
  });
  return () => page.evaluate(() => (window as unknown as { gtagCalls: GtagCall[] }).gtagCalls);
}

test("the app reports its 'app_initialization' timing to the analytics tool", async ({ page }) => {
  const analyticsCalls = await recordAnalytics(page);
  await page.goto("/");
  await waitForHydration(page);
  await expect
    .poll(async () => (await analyticsCalls()).find((call) => call[2]?.name === "app_initialization"))
    .toEqual(["event", "timing_complete", expect.objectContaining({ name: "app_initialization", value: expect.any(Number) })]);
});

test("every button is at least 40 px high and 80 px wide, on a phone and on a desktop", async ({ page }) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      await waitForHydration(page);
      const buttons = page.locator("button:visible, a[class*='min-w-20']:visible");
      expect(await buttons.count()).toBeGreaterThan(0);
      for (const box of await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))) {
        expect(box.height).toBeGreaterThanOrEqual(40);
        expect(box.width).toBeGreaterThanOrEqual(80);
      }
    }
  }
});

test("an application error shows the fallback screen, a toast, and both buttons work", async ({ page, consoleErrors }) => {
  const analyticsCalls = await recordAnalytics(page);
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
  expect(await analyticsCalls()).toContainEqual([
    "event",
    "exception",
    { description: expect.stringContaining("chunk exploded"), fatal: true },
  ]);

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
