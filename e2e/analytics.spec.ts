import { readFile } from "node:fs/promises";
import type { Page, Request } from "@playwright/test";
import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, recordConsoleErrors, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

const isPageView = (path: string) => (request: Request) =>
  request.url().endsWith("/api/analytics/collect") && request.postDataJSON()?.kind === "pageview" && request.postDataJSON()?.path === path;

async function adminOnAnalytics(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL("/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
}

/** A visitor's browser: headless Chromium names itself in its user agent, and is counted as the bot it is (below). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const thisMonth = new Intl.DateTimeFormat("en-NG", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());

test("the public pages send a beacon once idle, for each page opened, without a cookie; the server records it", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: BROWSER });
  const page = await context.newPage();
  const errors = recordConsoleErrors(page);
  const firstView = page.waitForRequest(isPageView("/"));
  await page.goto("/");
  const beacon = await firstView;
  const answer = await beacon.response();
  expect(answer?.status()).toBe(202);
  expect(await answer?.json()).toMatchObject({ success: true, data: { recorded: true } });
  expect(beacon.headers().cookie).toBeUndefined();
  expect(beacon.postDataJSON()).toMatchObject({ kind: "pageview", path: "/", width: expect.any(Number) });

  // A page opened in the app (no reload) is a view too.
  const secondView = page.waitForRequest(isPageView("/about"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  expect(await (await (await secondView).response())?.json()).toMatchObject({ data: { recorded: true } });
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe("");
  await context.close();
  expect(errors).toEqual([]);
});

test("headless Chromium's beacon is answered and not counted: it is a bot", async ({ page }) => {
  const view = page.waitForRequest(isPageView("/contact"));
  await page.goto("/contact");
  expect(await (await (await view).response())?.json()).toMatchObject({ data: { recorded: false } });
});

test("a browser asking not to be tracked sends no beacon", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/analytics/collect")) beacons.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("load");
  // Past the idle time the beacon would have been sent in.
  await page.waitForTimeout(2_500);
  expect(beacons).toEqual([]);
  await context.close();
});

test("an admin switches the timeframe with the keyboard and reads a chart's table, and downloads it as CSV", async ({ page }) => {
  await adminOnAnalytics(page);
  await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
  const signUps = page.getByRole("table", { name: "Sign-ups and active users: the figures of the chart" });
  await expect(signUps.getByRole("row")).toHaveCount(31);

  await page.getByRole("button", { name: "12 months" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/analytics?timeframe=12m");
  await expect(signUps.getByRole("columnheader")).toHaveText(["Month", "Sign-ups", "Active users"]);
  await expect(signUps.getByRole("row")).toHaveCount(13);
  // The admin's own account was made this month, and they signed in just now.
  const current = signUps.getByRole("row", { name: new RegExp(`^${thisMonth}`) });
  const [signUpCount, activeCount] = (await current.getByRole("cell").allTextContents()).map(Number);
  expect(signUpCount).toBeGreaterThanOrEqual(1);
  expect(activeCount).toBeGreaterThanOrEqual(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV of Sign-ups and active users" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("users-over-time.csv");
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("Month,Sign-ups,Active users");
  expect(csv.split("\r\n")).toHaveLength(13);
  expect(csv).toContain(`${thisMonth},${signUpCount},${activeCount}`);

  await page.getByRole("button", { name: "7 days" }).click();
  await expect(signUps.getByRole("columnheader").first()).toHaveText("Day");
  await expect(signUps.getByRole("row")).toHaveCount(8);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the analytics screen has no serious or critical accessibility violation in ${scheme}, and fits a 360 px phone`, async ({
    page,
  }) => {
    // Two full axe passes over a screen of charts and tables: well over 30 s on a loaded 2-core CI machine.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await adminOnAnalytics(page);
    await expect(page.getByRole("table", { name: "Sign-ups and active users: the figures of the chart" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "75th percentile" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole("region", { name: "Website" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);
  });
}
