import { readdirSync } from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { api, PASSWORD, pendingStaff, signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, recordConsoleErrors, test } from "./fixtures";
import { type Account, confirmedClient, staffAccount } from "./projects-kit";
import { E2E_ADMIN } from "./site-under-test";

// Each journey sets up accounts through the API and drives the admin's browser and another person's.
test.describe.configure({ timeout: 90_000 });

/** Another person at their own browser (its own session), held to the same no-console-error rule; closed by the caller. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = recordConsoleErrors(page);
  return {
    page,
    async close() {
      await context.close();
      expect(errors, "console errors in the other browser").toEqual([]);
    },
  };
}

async function adminOnAdminScreen(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administration");
}

/** The row of the accounts table showing this account, found by searching its email. */
async function accountRow(page: Page, account: Account) {
  const accounts = page.getByRole("region", { name: "All accounts" });
  await accounts.getByLabel("Search by name or email").fill(account.email);
  await accounts.getByLabel("Search by name or email").press("Enter");
  const row = accounts.getByRole("row").filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  return row;
}

/** Chooses an action in the row's menu of actions. */
async function chooseAction(row: Locator, name: string, action: string) {
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await row
    .getByRole("menu", { name: `Actions for ${name}` })
    .getByRole("menuitem", { name: action, exact: true })
    .click();
}

const nameOf = (account: Account) => `${account.firstName} Okafor`;

test("an admin makes a client Projects staff: the next sign-in lands on the Projects dashboard; the audit log shows both changes", async ({
  page,
  request,
  browser,
}) => {
  const client = await confirmedClient(request, "Role");
  await adminOnAdminScreen(page);
  const row = await accountRow(page, client);
  // Each change is confirmed in a dialog naming the person and the change; cancelled, nothing changes.
  await chooseAction(row, nameOf(client), "Make Administrator");
  const makeAdmin = page.getByRole("dialog", { name: `Make ${nameOf(client)} Administrator?` });
  await makeAdmin.getByRole("button", { name: "Cancel" }).click();
  await expect(makeAdmin).toBeHidden();
  await expect(row.getByRole("cell", { name: "Client", exact: true })).toBeVisible();
  await chooseAction(row, nameOf(client), "Make Staff");
  await page
    .getByRole("dialog", { name: `Make ${nameOf(client)} Staff?` })
    .getByRole("button", { name: "Change role" })
    .click();
  await expect(page.getByText(`${nameOf(client)} is now Staff.`, { exact: true })).toBeVisible();
  await chooseAction(row, nameOf(client), "Move to another department");
  await page.getByRole("dialog").getByLabel("Department").selectOption("Projects");
  const move = page.getByRole("dialog", { name: `Move ${nameOf(client)} to Projects?` });
  await expect(move).toContainText("a new department code is issued");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText(`${nameOf(client)} moved to Projects.`, { exact: true })).toBeVisible();

  const audit = page.getByRole("region", { name: "Audit log" }).getByRole("list", { name: "Audit log" });
  await expect(audit.getByRole("listitem").filter({ hasText: client.email }).first()).toContainText("Changed a department");
  await expect(audit).toContainText("department: General Users");

  const other = await otherBrowser(browser);
  await signIn(other.page, client.email);
  await expect(other.page).toHaveURL("/dashboard/projects");
  await other.close();
});

test("a blocked user's open tab goes to /login saying 'Account is deactivated' without a reload; unblocked, they sign in again", async ({
  page,
  request,
  browser,
}) => {
  const client = await confirmedClient(request, "Blocked");
  const other = await otherBrowser(browser);
  await signIn(other.page, client.email);
  await expect(other.page).toHaveURL("/dashboard");
  // Gone after a reload: it proves the tab was never reloaded.
  await other.page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  await adminOnAdminScreen(page);
  const row = await accountRow(page, client);
  await chooseAction(row, nameOf(client), "Block");
  const dialog = page.getByRole("dialog", { name: `Block ${nameOf(client)}?` });
  await dialog.getByLabel("Reason").fill("Shared their password with a contractor");
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByText(`${nameOf(client)} is blocked and signed out everywhere.`, { exact: true })).toBeVisible();

  await expect(other.page).toHaveURL("/login", { timeout: 5_000 });
  await expect(other.page.getByText("Account is deactivated")).toBeVisible();
  expect(await other.page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
  await signIn(other.page, client.email);
  await expect(other.page.getByRole("alert")).toContainText("Account is deactivated");

  await chooseAction(row, nameOf(client), "Unblock");
  await page
    .getByRole("dialog", { name: `Unblock ${nameOf(client)}?` })
    .getByRole("button", { name: "Unblock" })
    .click();
  await expect(page.getByText(`${nameOf(client)} can sign in again.`, { exact: true })).toBeVisible();
  await signIn(other.page, client.email);
  await expect(other.page).toHaveURL("/dashboard");
  await other.close();
});

test("an admin deletes an account only after typing its email, by keyboard alone", async ({ page, request }) => {
  const client = await confirmedClient(request, "Leaving");
  await adminOnAdminScreen(page);
  const row = await accountRow(page, client);
  // The row's menu by keyboard: Enter opens it on its first item, End reaches Delete.
  await row.getByRole("button", { name: `Actions for ${nameOf(client)}` }).focus();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(row.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete ${nameOf(client)}?` });
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  // Focus starts on the safe choice; the field is just before it.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expect(confirm).toBeDisabled();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type("someone@else.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${client.email} to confirm`).clear();
  await page.keyboard.type(client.email);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${nameOf(client)}'s account is deleted.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "All accounts" })).toContainText("No account matches these filters.");
  const signInAgain = await request.post("/api/auth/login", { data: { email: client.email, password: PASSWORD } });
  expect(signInAgain.status()).toBe(401);
});

test("an announcement to Projects appears live for a Projects staffer, not for an HR one, and is listed in the portal", async ({
  page,
  request,
  browser,
}) => {
  const projects = await staffAccount(request, "Projects", "Announce");
  const hr = await staffAccount(request, "HR", "Announce");
  const projectsTab = await otherBrowser(browser);
  const hrTab = await otherBrowser(browser);
  await signIn(projectsTab.page, projects.email);
  await expect(projectsTab.page).toHaveURL("/dashboard/projects");
  await signIn(hrTab.page, hr.email);
  await expect(hrTab.page).toHaveURL("/dashboard/hr");

  await adminOnAdminScreen(page);
  const title = `Site safety week ${Date.now()}`;
  const team = page.getByRole("region", { name: "Team communication" });
  await team.getByLabel("To").selectOption("Projects");
  await team.getByLabel("Title").fill(title);
  await team.getByLabel("Message").fill("Helmets and boots on every site from Monday.");
  await team.getByRole("button", { name: "Send announcement" }).click();
  await expect(page.getByText("Announcement sent to Projects.", { exact: true })).toBeVisible();

  // The live notification's toast; by the time it is there the HR tab would have had its own.
  await expect(projectsTab.page.getByRole("region", { name: "Notifications (F8)" }).getByText(title)).toBeVisible({ timeout: 5_000 });
  await expect(hrTab.page.getByText(title)).toHaveCount(0);
  await projectsTab.page.getByRole("link", { name: "Announcements" }).click();
  await expect(projectsTab.page.getByRole("list", { name: "Announcements" })).toContainText(title);
  await hrTab.page.getByRole("link", { name: "Announcements" }).click();
  await expect(hrTab.page.getByRole("heading", { level: 1 })).toHaveText("Announcements");
  await expect(hrTab.page.getByText(title)).toHaveCount(0);
  await projectsTab.close();
  await hrTab.close();
});

/** The settings as they are, to put back afterwards (other journeys of the run register accounts). */
async function currentSettings(request: APIRequestContext) {
  const admin = await api<{ accessToken: string }>(request, "/auth/login", { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const answer = await request.get("/api/admin/settings", { headers: { authorization: `Bearer ${admin.accessToken}` } });
  const settings = (await answer.json()).data;
  return {
    restore: () => request.put("/api/admin/settings", { data: settings, headers: { authorization: `Bearer ${admin.accessToken}` } }),
  };
}

test("closing registration in the settings makes /register show the product's message; the banner shows on every page", async ({
  page,
  request,
  browser,
}) => {
  const saved = await currentSettings(request);
  const visitor = await otherBrowser(browser);
  try {
    await adminOnAdminScreen(page);
    const settings = page.getByRole("region", { name: "Settings" });
    await settings.getByLabel("Registration is open").uncheck();
    await settings.getByLabel("Maintenance banner").fill("The portal is being serviced on Saturday from 08:00 to 10:00.");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved. The public pages show them now.", { exact: true })).toBeVisible();

    await visitor.page.goto("/register");
    await expect(visitor.page.getByRole("alert")).toHaveText("New registrations are currently disabled. Please contact support.");
    await expect(visitor.page.getByRole("button", { name: "Create account" })).toHaveCount(0);
    for (const path of ["/register", "/", "/contact"]) {
      await visitor.page.goto(path);
      await expect(visitor.page.getByRole("status").filter({ hasText: "The portal is being serviced" })).toBeVisible();
    }
  } finally {
    await saved.restore();
  }
  await visitor.page.goto("/register");
  await expect(visitor.page.getByRole("button", { name: "Create account" })).toBeVisible();
  await visitor.close();
});

test("approving an account on /admin updates its figures at once, and counts say one in the singular", async ({ page, request }) => {
  const firstName = `Tunde${Date.now() % 100_000}`;
  await pendingStaff(request, "Projects", firstName);
  await adminOnAdminScreen(page);
  const figures = page.getByLabel("The company at a glance");
  await expect(figures).toContainText("Awaiting approval");
  // The figures are asked for again once the approval is done, without a reload.
  const refetched = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/admin/dashboard");
  await page.getByRole("button", { name: `Approve ${firstName} Eze` }).click();
  await expect(page.getByText(`${firstName} Eze can now sign in.`, { exact: true })).toBeVisible();
  await refetched;
  // One plural rule: "1 admin", "2 admins", never "1 admins".
  const accounts = (await figures.getByText(/^\d+ admins?, /).textContent()) ?? "";
  const [, admins, noun] = /^(\d+) (admins?),/.exec(accounts) ?? [];
  expect(noun).toBe(admins === "1" ? "admin" : "admins");
});

test("the admin screen shows the health of the installation and the audit log, and leads to the department channels", async ({ page }) => {
  await adminOnAdminScreen(page);
  const health = page.getByRole("region", { name: "Health" });
  await expect(health.getByRole("definition").filter({ hasText: "Working" }).first()).toBeVisible();
  await expect(health).toContainText("Database");
  await expect(health).toContainText("SMTP server verified");
  const newestMigration = readdirSync("src/server/db/migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .at(-1);
  await expect(health).toContainText(`Last migration ${newestMigration}`);
  const audit = page.getByRole("region", { name: "Audit log" });
  await audit.getByLabel("Action").selectOption("user.approved");
  await expect(audit.getByText(/^\d+ actions?$/)).toBeVisible();
  await expect(audit.getByRole("list", { name: "Audit log" }).getByRole("listitem").first()).toContainText("Approved an account");

  await page.getByRole("list", { name: "Department channels" }).getByRole("button", { name: "Secretariat" }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/\d+$/);
  await expect(page.getByRole("heading", { name: /Secretariat/ }).first()).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the admin and announcements screens have no serious accessibility violation in ${scheme}, nor overflow at 360 px`, async ({
    page,
    request,
  }) => {
    // Something in every list: an account with a long address, blocked and unblocked (two lines of the audit log).
    const client = await confirmedClient(request, "Narrowscreen");
    const admin = await api<{ accessToken: string }>(request, "/auth/login", { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await api(request, `/admin/users/${client.id}/block`, { blocked: true }, admin.accessToken);
    await api(request, `/admin/users/${client.id}/block`, { blocked: false }, admin.accessToken);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: 360, height: 800 });
    await adminOnAdminScreen(page);
    await expect(page.getByRole("region", { name: "All accounts" }).getByText(/^\d+ accounts?$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Health" }).getByText("Database")).toBeVisible();
    await expect(page.getByRole("region", { name: "Settings" }).getByLabel("Phone")).not.toHaveValue("");
    await expect(page.getByRole("region", { name: "Your account has no two-step sign-in" })).toContainText("Turn on two-step sign-in");
    await expect(page.getByRole("region", { name: "Audit log" })).toContainText(client.email);
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.goto("/dashboard/announcements");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcements");
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
  });
}
