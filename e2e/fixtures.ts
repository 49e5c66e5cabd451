import { test as base, expect } from "@playwright/test";

/** Every journey fails on a console error or an uncaught exception (hydration mismatches included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 404 page load logs its own status; that is the page working, not failing.
        if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the server-rendered page, so clicks reach its handlers. */
export async function waitForHydration(page: import("@playwright/test").Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return !!root && Object.keys(root).some((key) => key.startsWith("__reactContainer"));
  });
}
