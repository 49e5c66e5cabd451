import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { signIn } from "./accounts";
import { expect, recordConsoleErrors } from "./fixtures";
import type { Account } from "./projects-kit";

/**
 * A site engineer's phone: a 360 px browser, signed in, `/site` opened once with a connection and controlled by the
 * service worker. What the site app's journeys start from.
 */
export async function phoneOnSite(browser: Browser, engineer: Account, projectTitle: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, ...options });
  const page = await context.newPage();
  // Offline, the browser reports each request it could not send: see unexpectedErrors.
  const errors = recordConsoleErrors(page);
  await signIn(page, engineer.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto("/site");
  const card = page.getByRole("article", { name: projectTitle });
  await expect(card).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page, errors, card, outbox: page.getByRole("region", { name: "Outbox" }) };
}

/** The network goes and the page is opened again, from the device. */
export async function reloadOffline(page: Page) {
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline: showing what was saved on /)).toBeVisible();
}

/** The console errors of a page, less the requests the test's own network cuts made fail. */
export const unexpectedErrors = (errors: string[]) =>
  errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/.test(error));

/** Waits until no sending of the outbox runs in the page (its Web Lock is free). */
export async function outboxIdle(page: Page) {
  const heldLocks = () => page.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0);
  await expect.poll(heldLocks, { timeout: 20_000 }).toBe(0);
}

/** Turns the outbox's 'Save data' switch on or off. */
export async function chooseSaveData(outbox: Locator, on: boolean) {
  const saveData = outbox.getByRole("switch", { name: /Save data/ });
  if ((await saveData.isChecked()) !== on) await saveData.click();
  await expect(saveData).toBeChecked({ checked: on });
}
