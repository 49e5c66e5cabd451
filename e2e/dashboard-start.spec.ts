import type { BrowserContext, Page } from "@playwright/test";
import { signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { layoutShiftsOf, watchLayoutShifts } from "./layout-shifts";
import { clientWithAProject, confirmedClient, createProject, staffAccount, uniqueName } from "./projects-kit";

// A tall phone: the dashboard's cards stack, and the first of them, and what comes after them while they load, are on screen as it opens.
test.use({ viewport: { width: 412, height: 915 } });

declare global {
  interface Window {
    /** When the dashboard's heading was first in the page (performance.now()). */
    screenDrawnAt?: number;
  }
}

const HOLD_MS = 10_000;

/**
 * These journeys open the dashboard as after 15 minutes away: its access token, and the screen cookie that holds it,
 * have expired while the refresh cookie lasts, so the page is the splash and the session is renewed by the page
 * (a dashboard opened with a valid token comes rendered for its viewer: dashboard-rendered.spec.ts).
 */
const letAccessTokenExpire = (context: BrowserContext) => context.clearCookies({ name: "cb_screen" });

/**
 * Holds back the files `files` matches (routing turns the HTTP cache off) until a request `awaited` matches has been
 * sent: what was asked for before they arrived cannot have been asked by their code. Counts the files held and whether
 * one was held HOLD_MS in vain.
 */
async function holdFilesUntilRequest(target: Page | BrowserContext, files: string | RegExp, awaited: (url: URL) => boolean) {
  let sent: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    sent = resolve;
  });
  target.on("request", (request) => {
    if (awaited(new URL(request.url()))) sent();
  });
  const hold = { files: 0, inVain: false };
  await target.route(files, async (route) => {
    hold.files++;
    const waitedInVain = new Promise<boolean>((resolve) => setTimeout(() => resolve(true), HOLD_MS));
    hold.inVain ||= await Promise.race([requested.then(() => false), waitedInVain]);
    await route.continue();
  });
  return hold;
}

test("a client's dashboard opens without moving when its session is renewed: its figures are the server's counts, and nothing shifts as its data arrives", async ({
  page,
  context,
  request,
}) => {
  const office = await staffAccount(request, "Projects", "Bisi");
  const client = await confirmedClient(request, "Halima");
  const underWay = uniqueName("Gwarinpa duplex ");
  const finished = uniqueName("Maitama clinic ");
  const description = "A family home on a corner plot.";
  await createProject(request, office, { title: underWay, description, category: "residential", city: "Abuja", clientId: client.id });
  await createProject(request, office, {
    title: finished,
    description,
    category: "commercial",
    city: "Abuja",
    clientId: client.id,
    status: "completed",
    progress: 100,
  });
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");

  // Opened again on a slow phone's processor, watching for layout shifts from the first paint.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await watchLayoutShifts(page);
  // Its data comes later than its first paint, as on a phone's connection.
  await page.route(/\/api\/(projects|conversations|notifications)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await letAccessTokenExpire(context);
  await page.reload();
  await expect(page.getByRole("article").getByRole("link", { name: underWay })).toBeVisible();
  await expect(page.getByRole("article").getByRole("link", { name: finished })).toBeVisible();
  const figures = page.getByRole("definition").filter({ hasText: /^\d+$/ });
  await expect(figures.first()).toHaveText("1");
  await expect(page.getByText("2 in all")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const { total, moved } = await layoutShiftsOf(page);
  expect(total, `layout shift (moved: ${moved})`).toBeLessThanOrEqual(0.02);
});

test("a signed-in screen asks for its session from its HTML, before any script arrives; two tabs opened together both stay signed in", async ({
  page,
  context,
  request,
}) => {
  const client = await confirmedClient(request, "Emeka");
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  const secondTab = await context.newPage();
  await secondTab.goto("/settings");
  await expect(secondTab.getByRole("heading", { level: 1 })).toHaveText("Settings");

  // The scripts are held back until a refresh has been asked for: only the HTML can have asked.
  const scripts = await holdFilesUntilRequest(context, "**/assets/*.js", (url) => url.pathname === "/api/auth/refresh");
  const refreshes: number[] = [];
  context.on("response", (answer) => {
    if (answer.url().endsWith("/api/auth/refresh")) refreshes.push(answer.status());
  });

  await letAccessTokenExpire(context);
  await Promise.all([page.reload(), secondTab.reload()]);
  // Longer than the 10 s a held file waits, so that a failure says why.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${client.firstName}`, { timeout: 15_000 });
  await expect(secondTab.getByRole("heading", { level: 1 })).toHaveText("Settings");
  // One refresh per tab, each with the cookie the other left (the tabs take turns): neither session was refused.
  expect(refreshes).toEqual([200, 200]);
  expect(scripts.files, "scripts were fetched").toBeGreaterThan(0);
  expect(scripts.inVain, "a script was held 10 s and no refresh had been asked for").toBe(false);
  await context.unroute("**/assets/*.js");

  // Both tabs go on working with their sessions.
  await page.getByRole("link", { name: "Security" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
  await secondTab.reload();
  await expect(secondTab.getByRole("heading", { level: 1 })).toHaveText("Settings");
});

test("the dashboard's projects are asked for as soon as the session is restored, before its screen is drawn", async ({
  page,
  context,
  request,
}) => {
  const client = await confirmedClient(request, "Amaka");
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.addInitScript(() => {
    // When the dashboard's heading is first in the page, on the page's clock.
    new MutationObserver((_records, observer) => {
      if (!document.querySelector("main h1")?.textContent?.startsWith("Welcome")) return;
      window.screenDrawnAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await letAccessTokenExpire(context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${client.firstName}`);
  // Its projects' answer is in (a resource entry is written once the answer has come).
  const timings = await page.waitForFunction(() => {
    const asked = performance.getEntriesByType("resource").find((entry) => {
      const url = new URL(entry.name);
      return url.pathname === "/api/projects" && url.searchParams.get("pageSize") === "24";
    });
    return asked && window.screenDrawnAt !== undefined ? { askedAt: asked.startTime, drawnAt: window.screenDrawnAt } : null;
  });
  const { askedAt, drawnAt } = (await timings.jsonValue()) as { askedAt: number; drawnAt: number };
  // A screen asks for its data once drawn (its sections' queries start after they are in the page): this asked before.
  expect(askedAt, `projects asked at ${askedAt} ms, screen drawn at ${drawnAt} ms`).toBeLessThan(drawnAt);
});

test("the dashboard shows a client's latest six projects, and all of them at the press of a button", async ({ page, request }) => {
  const office = await staffAccount(request, "Projects", "Tunde");
  const client = await confirmedClient(request, "Ngozi");
  const titles: string[] = [];
  for (let number = 1; number <= 7; number++) {
    const title = uniqueName(`Lugbe terrace ${number} `);
    titles.push(title);
    await createProject(request, office, {
      title,
      description: "A terrace of four homes.",
      category: "residential",
      city: "Abuja",
      clientId: client.id,
    });
  }
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  const projects = page.getByRole("region", { name: "Your projects" });
  // Most recently changed first: the first one created is the one left out.
  await expect(projects.getByRole("article")).toHaveCount(6);
  await expect(projects.getByRole("link", { name: titles[6] })).toBeVisible();
  await expect(projects.getByRole("link", { name: titles[0] })).toHaveCount(0);
  await expect(projects).toContainText("Showing the 6 most recently updated of 7 projects.");

  const showAll = projects.getByRole("button", { name: "Show all 7 projects" });
  await expect(showAll).toHaveAttribute("aria-expanded", "false");
  await showAll.focus();
  await page.keyboard.press("Enter");
  await expect(projects.getByRole("article")).toHaveCount(7);
  await expect(projects.getByRole("link", { name: titles[0] })).toBeVisible();
  const showFewer = projects.getByRole("button", { name: "Show the latest 6 only" });
  await expect(showFewer).toBeFocused();
  await expect(showFewer).toHaveAttribute("aria-expanded", "true");
  await showFewer.click();
  await expect(projects.getByRole("article")).toHaveCount(6);
});

test("the dashboard's HTML asks for its first data and its layout's as soon as the session is renewed, before any script arrives, and each only once", async ({
  page,
  context,
  request,
}) => {
  const { client, project } = await clientWithAProject(request, {
    staff: "Tunde",
    client: "Ngozi",
    project: "Asokoro terrace ",
    description: "Four terraced homes.",
  });
  const { title } = project;
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");

  // The scripts are held back until the projects feed has been asked for: only the HTML can have asked.
  const scripts = await holdFilesUntilRequest(page, "**/assets/*.js", (url) => url.pathname === "/api/projects/feed");
  const asked: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (/^\/api\/(projects|notifications|conversations)/.test(url.pathname)) asked.push(`${url.pathname}${url.search}`);
  });
  await letAccessTokenExpire(context);
  await page.reload();
  await expect(page.getByRole("article").getByRole("link", { name: title })).toBeVisible({ timeout: 15_000 });
  expect(scripts.inVain, "a script was held 10 s and the feed had not been asked for").toBe(false);
  await page.waitForLoadState("networkidle");
  // The latest projects, the count under way and the feed, and the layout's notifications and first page of
  // conversations: each asked once, by the HTML; the screen and its layout used those answers.
  expect(asked.filter((path) => path === "/api/projects/feed")).toHaveLength(1);
  expect(asked).toEqual(expect.arrayContaining(["/api/notifications", "/api/conversations?page=1"]));
  expect(new Set(asked).size, asked.join(", ")).toBe(asked.length);
  expect(asked.length).toBeGreaterThanOrEqual(5);
});
