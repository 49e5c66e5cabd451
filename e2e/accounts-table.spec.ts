import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { approvedStaff, pendingStaff, signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

test.describe.configure({ timeout: 180_000 });

/** No serious or critical axe violation in the accounts section (the rest of /admin has its own check, in portal-accessibility.spec.ts). */
async function expectAccountsAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const results = await new AxeBuilder({ page }).include("#accounts").analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function adminOnAdminScreen(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
}

/** Searches the accounts table (the word is in every name of the journey's accounts, and in no other). */
async function searchAccounts(page: Page, text: string) {
  const accounts = page.getByRole("region", { name: "All accounts" });
  await accounts.getByLabel("Search by name or email").fill(text);
  await accounts.getByLabel("Search by name or email").press("Enter");
  return accounts;
}

test("an admin sorts the accounts table by a heading, approves two waiting staff at once and downloads the CSV", async ({
  page,
  request,
}) => {
  const word = `Tbl${Date.now() % 1_000_000}`;
  await pendingStaff(request, "Projects", `${word}a`);
  await pendingStaff(request, "Secretariat", `${word}b`);
  await approvedStaff(request, "HR", `${word}c`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await adminOnAdminScreen(page);
  const accounts = await searchAccounts(page, word);
  const table = accounts.getByRole("table", { name: "Accounts" });
  await expect(accounts.getByText("3 accounts", { exact: true })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(4);

  // Sorted by the server: the heading says which way.
  const nameHeading = table.getByRole("columnheader", { name: /Name/ });
  await nameHeading.getByRole("button").click();
  await expect(nameHeading).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sort=name/);
  await expect(table.getByRole("row").nth(1)).toContainText(`${word}a Eze`);
  await nameHeading.getByRole("button").click();
  await expect(nameHeading).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("row").nth(1)).toContainText(`${word}c Eze`);
  await expect(table.getByRole("row").nth(1)).toContainText("Active");

  // Only the accounts awaiting approval have a box; both are chosen and approved in one confirmation.
  await expect(table.getByRole("checkbox")).toHaveCount(3);
  await table.getByLabel("Select every account awaiting approval on this page").check();
  await expect(accounts.getByText("2 accounts selected")).toBeVisible();
  await accounts.getByRole("button", { name: "Approve selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve 2 accounts?" });
  await expect(dialog).toContainText(`${word}a Eze · Projects`);
  await expect(dialog).toContainText(`${word}b Eze · Secretariat`);
  await dialog.getByRole("button", { name: "Approve 2" }).click();
  await expect(page.getByText("2 accounts approved. They can sign in now.", { exact: true })).toBeVisible();
  await expect(table.getByRole("checkbox")).toHaveCount(0);
  await expect(table.getByText("Awaiting approval")).toHaveCount(0);

  // The CSV holds every account of the filters, from the server.
  const downloading = page.waitForEvent("download");
  await accounts.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? "", "utf8")
    .trimEnd()
    .split("\r\n");
  expect(csv[0]).toBe("first_name,last_name,email,role,department,department_code,status,email_confirmed,last_sign_in,registered");
  expect(csv.slice(1).map((line) => line.split(",")[0])).toEqual([`${word}c`, `${word}b`, `${word}a`]);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectAccountsAccessible(page);
    await expectNoHorizontalOverflow(page, `/admin in ${scheme}`);
  }
});

test("on a phone the accounts are compact rows, each with its menu of actions, and nothing overflows", async ({ page, request }) => {
  const word = `Phn${Date.now() % 1_000_000}`;
  await pendingStaff(request, "Projects", `${word}a`);
  await page.setViewportSize({ width: 360, height: 780 });
  await adminOnAdminScreen(page);
  const accounts = await searchAccounts(page, word);
  await expect(accounts.getByRole("table")).toBeHidden();
  const row = accounts
    .getByRole("list", { name: "Accounts" })
    .getByRole("listitem")
    .filter({ hasText: `${word}a Eze` });
  await expect(row).toContainText("Awaiting approval");
  await expect(row).toContainText("Staff · Projects");
  await expect(row).toContainText("Never");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoHorizontalOverflow(page, `/admin at 360 px in ${scheme}`);
    await expectAccountsAccessible(page);
  }

  // The row's menu by keyboard: its first item takes focus, the arrows move, Escape closes it on its button.
  const menuButton = row.getByRole("button", { name: `Actions for ${word}a Eze` });
  await menuButton.click();
  const menu = row.getByRole("menu", { name: `Actions for ${word}a Eze` });
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Make Administrator",
    "Make Client",
    "Move to another department",
    "Block",
    "Delete",
  ]);
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Make Client" })).toBeFocused();
  await expectNoHorizontalOverflow(page, "/admin at 360 px with a row's menu open");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Chosen on the phone and approved.
  await row.getByLabel(`Select ${word}a Eze`).check();
  await accounts.getByRole("button", { name: "Approve selected" }).click();
  await page.getByRole("dialog", { name: "Approve 1 account?" }).getByRole("button", { name: "Approve 1" }).click();
  await expect(page.getByText("1 account approved. They can sign in now.", { exact: true })).toBeVisible();
  await expect(row).toContainText("Active");
});
