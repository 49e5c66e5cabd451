import type { Browser } from "@playwright/test";
import { PASSWORD, register, signIn, uniqueEmail, verifyFromEmail } from "./accounts";
import { expect, recordConsoleErrors, test, waitForHydration } from "./fixtures";

const octet = () => Math.floor(Math.random() * 254) + 1;

/** A browser of someone at the office: every office browser reaches the site from the office's one address. */
async function officeBrowser(browser: Browser, office: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": office } });
  const page = await context.newPage();
  return { page, errors: recordConsoleErrors(page) };
}

test("two people behind one address: one mistypes six times and is told the minutes, the other signs in", async ({ browser }) => {
  const office = `10.${octet()}.${octet()}.${octet()}`;
  const ngozi = await officeBrowser(browser, office);
  const emeka = await officeBrowser(browser, office);
  const ngoziEmail = uniqueEmail("ngozi");
  const emekaEmail = uniqueEmail("emeka");
  await register(ngozi.page, ngoziEmail);
  await verifyFromEmail(ngozi.page, ngoziEmail);
  await register(emeka.page, emekaEmail, { firstName: "Emeka" });
  await verifyFromEmail(emeka.page, emekaEmail);

  await ngozi.page.goto("/login");
  await waitForHydration(ngozi.page);
  await ngozi.page.getByLabel("Email", { exact: true }).fill(ngoziEmail);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await ngozi.page.getByLabel("Password", { exact: true }).fill(`wrong-${attempt}`);
    await ngozi.page.getByRole("button", { name: "Sign in" }).click();
    await expect(ngozi.page.getByRole("alert")).toHaveText("Email or password is incorrect. Please try again.");
  }
  await ngozi.page.getByLabel("Password", { exact: true }).fill("wrong-6");
  await ngozi.page.getByRole("button", { name: "Sign in" }).click();
  await expect(ngozi.page.getByRole("alert")).toHaveText("Too many login attempts. Please try again in 15 minutes.");

  // On another computer at the office, the server itself says how long her account waits there.
  const otherDesk = await officeBrowser(browser, office);
  await signIn(otherDesk.page, ngoziEmail);
  await expect(otherDesk.page.getByRole("alert")).toHaveText("Too many login attempts. Please try again in 15 minutes.");

  // Her colleague, behind the same address, signs in.
  await signIn(emeka.page, emekaEmail, PASSWORD);
  await expect(emeka.page).toHaveURL("/dashboard");
  await expect(emeka.page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Emeka");

  for (const person of [ngozi, emeka, otherDesk]) expect(person.errors).toEqual([]);
});
