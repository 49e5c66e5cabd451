import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Every journey fails on a console error or an uncaught exception (hydration mismatches included). */
export const test = base.extend<{ consoleErrors: string[]; framesOnFailure: undefined }>({
  // Each journey is its own visitor: the site trusts one proxy hop here (TRUST_PROXY=1, playwright.config.ts), so the
  // journey's single X-Forwarded-For address is its client address and the
  // per-address limits on sign-in and registration count each journey apart, as they would real visitors.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const address = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": address });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = recordConsoleErrors(page);
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  // A journey that failed says, for every page still open, whether it was drawing: a page whose frames stopped, or a
  // video that stopped showing what it decoded, looks like a slow product from the outside.
  framesOnFailure: [
    // Asks for `page` only so that it is torn down first, while the journey's page is still open to be read.
    async ({ page: _stillOpen, browser }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const context of browser.contexts()) for (const open of context.pages()) await printFrames(open);
    },
    { auto: true },
  ],
});

/** Prints how many animation frames the page drew in one second, whether it is visible, and what each video has shown. */
export async function printFrames(page: Page) {
  console.log(`Frames of ${page.url()}: ${await framesReport(page)}`);
}

async function framesReport(page: Page): Promise<string> {
  const report = page.evaluate(async () => {
    let drawn = 0;
    const count = () => {
      drawn += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const videos = [...document.querySelectorAll("video")].map(
      (video) => `${video.getAttribute("aria-label") ?? "video"} ${video.getVideoPlaybackQuality().totalVideoFrames} frames`,
    );
    return [`${drawn} animation frames in 1 s`, document.visibilityState, ...videos].join(", ");
  });
  const unanswered = new Promise<string>((resolve) => setTimeout(() => resolve("no answer within 3 s"), 3_000));
  return Promise.race([report, unanswered]).catch((error: Error) => error.message);
}

/** The console errors and uncaught exceptions of a page, as they happen (a journey's other browsers check theirs too). */
export function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // The browser logs every 4xx answer; a 404 page or a refused form is the app working, not failing.
    const expectedRefusal = /status of 4\d\d/.test(message.text());
    if (message.type() === "error" && !expectedRefusal) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;

export { expect };

/** Waits until React has hydrated the page's screen, so typing and clicks reach its handlers. */
export async function waitForHydration(page: import("@playwright/test").Page) {
  await page.waitForFunction(() => document.documentElement.dataset.screenReady !== undefined);
}

/** Checks the screen once it has finished animating in: no serious or critical axe-core violation. */
export async function expectNoSeriousViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page is no wider than the screen (a phone must never scroll sideways); on failure, names what sticks out. */
export async function expectNoHorizontalOverflow(page: Page, context = page.url()) {
  const found = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const screenWidth = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right > screenWidth + 1 && element.parentElement?.getBoundingClientRect().right !== rect.right;
      })
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.getAttribute("class") ?? "").slice(0, 80)}">`);
    return { overflow, culprits };
  });
  expect(found.overflow, `${context} is wider than the screen; sticking out: ${found.culprits.join(", ")}`).toBeLessThanOrEqual(0);
}
