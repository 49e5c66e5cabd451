import type { APIRequestContext } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { layoutShiftsOf, watchLayoutShifts } from "./layout-shifts";

declare global {
  interface Window {
    /** The page's main heading as the server's HTML had it, kept before the scripts run. */
    serverHeading?: Element | null;
  }
}

async function newestPostPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/blog")).text();
  const postPath = /href="(\/blog\/[a-z-]+\/[a-z0-9-]+)"/.exec(html)?.[1];
  if (!postPath) throw new Error("the blog links no post");
  return postPath;
}

// A phone on a slow processor: hydration then takes long enough for any replaced HTML or late font to show.
test.use({ viewport: { width: 412, height: 823 } });

// The last one stands for a blog post: the newest post linked from the blog. The sign-in screens are server-rendered
// too (docs/decisions/108-sign-in-screens-server-rendered.md).
for (const path of [
  "/",
  "/about",
  "/services",
  "/projects",
  "/blog",
  "/contact",
  "a blog post",
  "/login",
  "/register",
  "/forgot-password",
]) {
  test(`${path}: the server's HTML hydrates in place and nothing shifts`, async ({ page, context, request }) => {
    const url = path.startsWith("/") ? path : await newestPostPath(request);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await watchLayoutShifts(page);
    await page.addInitScript(() => {
      // The parser has built the server's HTML before the deferred module scripts run.
      document.addEventListener("DOMContentLoaded", () => {
        window.serverHeading = document.querySelector("main h1");
      });
    });
    await page.goto(url);
    await waitForHydration(page);
    // Inter arrives and the idle-time work runs: wait until the fonts are in and the network is quiet.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState("networkidle");
    const result = await page.evaluate(() => ({
      hadHeading: window.serverHeading instanceof HTMLHeadingElement,
      sameHeading: window.serverHeading === document.querySelector("main h1"),
    }));
    expect(result.hadHeading, "the server's HTML has a main heading").toBe(true);
    expect(result.sameHeading, "the heading the server rendered is still the one on screen").toBe(true);
    // Held to the budget, CLS 0.02. Rare tiny shifts under CI's load (0.0094 on /projects once; 0.00003 of an icon on /
    // once) are named here when they come, so that they can be found and removed.
    const { total, moved } = await layoutShiftsOf(page);
    expect(total, `layout shift (moved: ${moved})`).toBeLessThanOrEqual(0.02);
  });
}

test("a first visit is drawn in the fallback font and caches Inter once idle; the next page starts in Inter and nothing shifts", async ({
  page,
}) => {
  await watchLayoutShifts(page);
  await page.goto("/");
  expect(await page.evaluate(() => document.documentElement.dataset.font)).toBeUndefined();
  await page.waitForFunction(() => sessionStorage.getItem("inter-cached") === "1");

  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready);
  const result = await page.evaluate(() => ({
    font: document.documentElement.dataset.font,
    heading: getComputedStyle(document.querySelector("main h1") as Element).fontFamily,
    interLoaded: [...document.fonts].some((face) => face.family.replace(/"/g, "") === "Inter" && face.status === "loaded"),
  }));
  expect(result.font).toBe("inter");
  expect(result.heading.startsWith('"Inter"') || result.heading.startsWith("Inter")).toBe(true);
  expect(result.interLoaded).toBe(true);
  const { shifts, moved } = await layoutShiftsOf(page);
  expect(shifts, `layout-shift entries (moved: ${moved})`).toEqual([]);
});

test("a sign-in form sent before its scripts run goes back to the sign-in screen, the password in no address", async ({ browser }) => {
  // Without scripts the form is the server's HTML alone, as it is for the moment before it hydrates.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await page.goto("/login");
  await page.getByLabel("Email").fill("ada@crestbuild.ng");
  await page.getByLabel("Password", { exact: true }).fill("Secret-password-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  expect(addresses.filter((address) => address.includes("Secret") || address.includes("crestbuild.ng?"))).toEqual([]);
  await context.close();
});

test("what is typed into the sign-in form before its scripts run is kept when it hydrates, and sent", async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The scripts wait until the person has typed, as on a slow phone.
  await page.route(/\/assets\/entry-client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@crestbuild.ng");
  await page.getByLabel("Password", { exact: true }).fill("Not-the-password-2026");
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Email")).toHaveValue("nobody@crestbuild.ng");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Not-the-password-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // The server checked what was typed: a wrong password, not an empty form.
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect. Please try again.");
});
