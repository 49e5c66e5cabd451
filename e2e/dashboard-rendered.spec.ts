import type { Page } from "@playwright/test";
import { PASSWORD, signIn } from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";
import { layoutShiftsOf, watchLayoutShifts } from "./layout-shifts";
import { clientWithAProject, confirmedClient } from "./projects-kit";

// A phone: the dashboard's first project card is on screen as it opens.
test.use({ viewport: { width: 412, height: 915 } });

declare global {
  interface Window {
    /** The dashboard's heading as the server's HTML put it in the page. */
    firstHeading?: Element | null;
  }
}

/** Holds every script of the site back until `release` is called: what shows meanwhile is the server's HTML alone. */
async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Rewrites the session this browser remembers (session-record.ts: base64 of its JSON), as time or a person would. */
function changeRememberedSession(page: Page, change: "inactive for 31 minutes" | "storage emptied") {
  return page.evaluate((what) => {
    const key = "crestbuild.session";
    if (what === "storage emptied") return localStorage.clear();
    const bytes = Uint8Array.from(atob(localStorage.getItem(key) ?? ""), (character) => character.charCodeAt(0));
    const record = JSON.parse(new TextDecoder().decode(bytes));
    record.lastActive = Date.now() - 31 * 60_000;
    const encoded = new TextEncoder().encode(JSON.stringify(record));
    localStorage.setItem(key, btoa(String.fromCharCode(...encoded)));
  }, change);
}

test("the dashboard reopened comes rendered for its viewer: projects on screen before any script, hydrated in place, nothing moved, no session or data asked for", async ({
  page,
  context,
  request,
}) => {
  const { client, project } = await clientWithAProject(request, {
    staff: "Bisi",
    client: "Halima",
    project: "Jabi lakeside duplex ",
    description: "A duplex by the lake.",
  });
  const { title } = project;
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");

  // Opened again on a slow phone's processor, its scripts held back, watching for layout shifts from the first paint.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await watchLayoutShifts(page);
  // Only the reopened page counts: under load, the page signed in to may still be fetching its layout's lists (the
  // notifications and conversations) as the reload starts, until the reopened document replaces it.
  let reopened = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reopened = true;
  });
  const asked: string[] = [];
  page.on("request", (sent) => {
    const { pathname } = new URL(sent.url());
    if (reopened && pathname.startsWith("/api/") && !pathname.startsWith("/api/realtime") && !pathname.startsWith("/api/analytics"))
      asked.push(pathname);
  });
  // What the realtime connection said, to tell a refetch it asked for (a pushed change, a reconnection) from the page's own.
  const pushed: string[] = [];
  page.on("websocket", (socket) => {
    if (!reopened) return;
    pushed.push("opened");
    socket.on("framereceived", (frame) => pushed.push(String(frame.payload).slice(0, 60)));
    socket.on("close", () => pushed.push("closed"));
  });
  const releaseScripts = await holdScripts(page);
  await page.reload();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(`Welcome, ${client.firstName}`);
  await expect(page.getByRole("article").getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText("1 in all")).toBeVisible();
  await page.evaluate(() => {
    window.firstHeading = document.querySelector("main h1");
  });

  releaseScripts();
  await waitForHydration(page);
  // The session came with the page (no refresh) and so did what the screen and its layout show: hydrated, the page
  // has asked for nothing (a query without its answer asks as its screen is committed, before this is seen).
  expect(asked, `asked for as the page started (realtime: ${pushed.join(" | ")})`).toEqual([]);
  expect(await page.evaluate(() => window.firstHeading === document.querySelector("main h1")), "the heading is the server's").toBe(true);
  // The access token the page came with is no longer in the document, only in the session's memory.
  await expect(page.locator("#app-state")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  // Later, only what the realtime connection says changed is fetched again; the session is never renewed to start.
  expect(asked, `realtime: ${pushed.join(" | ")}`).not.toContain("/api/auth/refresh");
  const { total, moved } = await layoutShiftsOf(page);
  expect(total, `layout shift (moved: ${moved})`).toBeLessThanOrEqual(0.02);

  // Hydrated: its links and the session work as in any signed-in screen (at full speed: the start was the slow phone's).
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.getByRole("article").getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

for (const change of ["inactive for 31 minutes", "storage emptied"] as const) {
  test(`a dashboard rendered for a session this browser no longer holds (${change}) is never shown: the browser goes to sign in`, async ({
    page,
    request,
  }) => {
    const client = await confirmedClient(request, "Musa");
    await signIn(page, client.email);
    await expect(page).toHaveURL("/dashboard");
    await changeRememberedSession(page, change);

    const releaseScripts = await holdScripts(page);
    await page.reload();
    // The server rendered it (its cookie still holds a valid token), but the page keeps it hidden.
    await expect(page.locator("main h1")).toHaveText(`Welcome, ${client.firstName}`);
    await expect(page.locator("main h1")).toBeHidden();
    releaseScripts();
    await expect(page).toHaveURL("/login");
    if (change === "inactive for 31 minutes") {
      await expect(page.getByRole("status")).toHaveText("Your session has expired. Please sign in again.");
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Typed into and signed in from there, the same browser has its dashboard again.
    await page.unroute("**/assets/*.js");
    await page.getByLabel("Email", { exact: true }).fill(client.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${client.firstName}`);
  });
}

test("relative times hydrate as the server wrote them, then move on to the browser's clock (no hydration mismatch)", async ({
  page,
  request,
}) => {
  const { client, project, office } = await clientWithAProject(request, {
    staff: "Tobi",
    client: "Zainab",
    project: "Wuse terrace ",
    description: "Four terraced homes.",
  });
  // A site update notifies the client: the notifications panel (rendered, closed) says when.
  const posted = await request.post(`/api/projects/${project.id}/updates`, {
    headers: { authorization: `Bearer ${office.accessToken}` },
    multipart: { body: "Foundations poured." },
  });
  expect(posted.ok()).toBe(true);
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");

  // This browser's clock is ten minutes ahead of the server's: the server writes "just now", the browser would not.
  await page.clock.install({ time: Date.now() + 10 * 60_000 });
  const releaseScripts = await holdScripts(page);
  await page.reload();
  const header = page.locator("header");
  await expect(header.getByText("just now").first()).toBeAttached();
  releaseScripts();
  // Hydrated without a mismatch (the fixtures fail the journey on React's error), then written from the browser's clock.
  await waitForHydration(page);
  await expect(header.getByText("10 minutes ago").first()).toBeAttached();
  await expect(header.getByText("just now")).toHaveCount(0);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "10 minutes ago" }).first()).toBeVisible();
});
