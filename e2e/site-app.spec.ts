import type { Page } from "@playwright/test";
import { api, signIn, signOut } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, recordConsoleErrors, test } from "./fixtures";
import { createProject, engineerOnAProject, staffAccount, uniqueName } from "./projects-kit";

test.describe.configure({ timeout: 90_000 });

/** The site app's data kept on this device, by database name (src/web/lib/offline/device-data.ts). */
const deviceDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => database.name ?? "").filter((name) => name.startsWith("crestbuild-device-")),
  );

test("a site engineer reads /site online, then offline from the device; their data goes with their session", async ({
  browser,
  request,
}) => {
  const {
    office,
    engineer,
    project: onTeam,
  } = await engineerOnAProject(request, {
    title: "Gwarinpa duplex ",
    description: "A duplex.",
    category: "residential",
  });
  const stranger = await staffAccount(request, "HR", "Bisi");
  const notOnTeam = await createProject(request, office, {
    title: uniqueName("Lekki office "),
    description: "An office block.",
    category: "commercial",
    city: "Lagos",
    status: "in_progress",
    managerId: office.id,
  });
  await api(request, `/projects/${onTeam.id}/snags`, { title: "Cracked lintel", location: "Garage door" }, engineer.accessToken);
  const diary = await request.post(`/api/projects/${onTeam.id}/updates`, {
    headers: { authorization: `Bearer ${engineer.accessToken}` },
    multipart: { body: "Blockwork of the first floor finished.", weather: "sunny", workersOnSite: "12" },
  });
  expect(diary.status()).toBe(201);

  // Installable: the manifest says what the app is, and Chromium finds nothing missing.
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(await manifest.json()).toMatchObject({
    name: "Crestbuild Site",
    short_name: "Site",
    start_url: "/site",
    scope: "/",
    display: "standalone",
    icons: [
      { src: "/brand/site-app-192.png", sizes: "192x192", purpose: "any" },
      { src: "/brand/site-app-512.png", sizes: "512x512", purpose: "any" },
      { src: "/brand/site-app-maskable-512.png", sizes: "512x512", purpose: "maskable" },
    ],
  });

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  // Offline, the browser reports each request it could not send: those are the test's doing, not the app's.
  const errors = recordConsoleErrors(page);
  await signIn(page, engineer.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto("/site");
  const card = page.getByRole("article", { name: onTeam.title });
  await expect(card.getByText("Cracked lintel")).toBeVisible();
  await expect(card.getByText("Blockwork of the first floor finished.")).toBeVisible();
  await expect(card).toContainText("Sunny · 12 on site");
  await expect(page.getByRole("article", { name: notOnTeam.title })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Add photos" })).toBeVisible();

  // The service worker is registered once the screen is up, and controls /site.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  // A test's browser context is an incognito one, where Chromium installs nothing: every other criterion is met.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await expectNoHorizontalOverflow(page, "/site at 360 px");
  await expect.poll(() => deviceDatabases(page)).toEqual([`crestbuild-device-${engineer.id}`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline: showing what was saved on /)).toBeVisible();
  await expect(card.getByText("Cracked lintel")).toBeVisible();
  await expect(card.getByText("Blockwork of the first floor finished.")).toBeVisible();
  await expect(page.getByRole("article", { name: notOnTeam.title })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/.test(error))).toEqual([]);

  // Back online the session is renewed as usual and the screen is live again.
  await context.setOffline(false);
  await page.reload();
  await expect(card.getByText("Cracked lintel")).toBeVisible();
  await expect(page.getByText(/^Offline:/)).toHaveCount(0);
  // The actions work from the keyboard: 'New diary entry' opens its form (the outbox's, e2e/site-outbox.spec.ts).
  await card.getByRole("button", { name: "New diary entry" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("form", { name: `New diary entry for ${onTeam.title}` })).toBeVisible();
  await expect(card.getByRole("button", { name: "New diary entry" })).toHaveAttribute("aria-expanded", "true");

  // 'Sign out everywhere else' from another device ends this session: the next visit online finds it ended, asks for
  // sign-in and erases what the device kept for this person.
  await api(request, "/auth/sessions/sign-out-others", {}, engineer.accessToken);
  await page.goto("/site");
  await expect(page).toHaveURL("/login");
  await expect.poll(() => deviceDatabases(page)).toEqual([]);

  // Someone else signing in here never sees another person's saved data: any left behind is erased at sign-in.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const request = indexedDB.open("crestbuild-device-left-behind", 1);
        request.onupgradeneeded = () => request.result.createObjectStore("saved");
        request.onsuccess = () => {
          request.result.close();
          resolve(null);
        };
      }),
  );
  await signIn(page, stranger.email);
  await expect(page).toHaveURL("/dashboard/hr");
  await page.goto("/site");
  await expect(page.getByText("You are on the team of no active project.")).toBeVisible();
  await expect(page.getByText("Cracked lintel")).toHaveCount(0);
  await expect.poll(() => deviceDatabases(page)).toEqual([`crestbuild-device-${stranger.id}`]);
  // Signing out erases theirs.
  await signOut(page);
  await expect.poll(() => deviceDatabases(page)).toEqual([]);
  await context.close();
});
