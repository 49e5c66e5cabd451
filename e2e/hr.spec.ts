import { approvedStaff, pendingStaff, register, signIn, uniqueEmail } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

test("HR sees a newly registered staff member awaiting approval, and the approved ones in the directory", async ({
  page,
  browser,
  request,
}) => {
  const hrEmail = await approvedStaff(request, "HR", "Funke");

  // Someone registers as staff of Projects and has not confirmed the email yet.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await register(newcomer, uniqueEmail("tunde"), { department: "Projects", firstName: "Tunde" });
  await newcomerContext.close();

  await signIn(page, hrEmail);
  await expect(page).toHaveURL("/dashboard/hr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Human resources");
  const pending = page.getByRole("region", { name: "Staff awaiting approval" });
  const tunde = pending.getByRole("listitem").filter({ hasText: "Tunde Lawal" });
  await expect(tunde).toContainText("Projects");
  await expect(tunde).toContainText("email not confirmed yet");
  // HR lets people in itself.
  await expect(tunde.getByRole("button", { name: /^Approve Tunde/ })).toBeVisible();

  const directory = page.getByRole("region", { name: "Staff directory" });
  await directory.getByLabel("Search by name").fill("funke");
  await expect(directory.getByRole("region", { name: /^HR/ }).getByText("Funke Eze")).toBeVisible();
  await expect(directory.getByText("Tunde Lawal")).toHaveCount(0);
});

test("an admin approves a waiting staff member from the HR dashboard, who then appears in the directory", async ({ page, browser }) => {
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await register(newcomer, uniqueEmail("obinna"), { department: "Secretariat", firstName: "Obinna" });
  await newcomerContext.close();

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await page.getByRole("link", { name: "Office overview and departments" }).click();
  await page.getByRole("region", { name: "Department dashboards" }).getByRole("link", { name: "HR" }).click();
  await expect(page).toHaveURL("/dashboard/hr");
  const pending = page.getByRole("region", { name: "Staff awaiting approval" });
  await pending.getByRole("button", { name: "Approve Obinna Lawal" }).click();
  await expect(page.getByText("Obinna Lawal can now sign in.", { exact: true })).toBeVisible();
  await expect(pending.getByRole("button", { name: "Approve Obinna Lawal" })).toHaveCount(0);
  const directory = page.getByRole("region", { name: "Staff directory" });
  await directory.getByLabel("Search by name").fill("obinna");
  await expect(directory.getByRole("region", { name: /^Secretariat/ }).getByText("Obinna Lawal")).toBeVisible();
});

test("HR approves a waiting staff member from its dashboard and gives them a job title and extension the directory shows", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const hrEmail = await approvedStaff(request, "HR", "Funmi");
  const firstName = `Kelechi${Date.now() % 1_000_000}`;
  await pendingStaff(request, "Projects", firstName);
  const name = `${firstName} Eze`;

  await signIn(page, hrEmail);
  await expect(page).toHaveURL("/dashboard/hr");
  const pending = page.getByRole("region", { name: "Staff awaiting approval" });
  await pending.getByRole("button", { name: `Approve ${name}` }).click();
  await expect(page.getByText(`${name} can now sign in.`, { exact: true })).toBeVisible();
  await expect(pending.getByText(name)).toHaveCount(0);

  const directory = page.getByRole("region", { name: "Staff directory" });
  await directory.getByLabel("Search by name").fill(firstName.toLowerCase());
  const person = directory
    .getByRole("region", { name: /^Projects/ })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(person).toBeVisible();
  await person.getByRole("button", { name: `Edit the record of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `${name}'s record` });
  await dialog.getByLabel("Job title").fill("Site engineer");
  await dialog.getByLabel("Phone extension").fill("21a");
  await dialog.getByRole("button", { name: "Save record" }).click();
  // Refused, with what was typed kept.
  await expect(dialog.getByText("The extension is digits only, up to 6 of them.")).toBeVisible();
  await expect(dialog.getByLabel("Job title")).toHaveValue("Site engineer");
  await dialog.getByLabel("Phone extension").fill("214");
  await dialog.getByRole("button", { name: "Save record" }).click();
  await expect(page.getByText(`${name}'s record is saved.`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(person).toContainText("Site engineer");
  await expect(person).toContainText("Ext. 214");

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await expectNoHorizontalOverflow(page, `/dashboard/hr at ${width} px in ${scheme}`);
      await expectNoSeriousViolations(page);
    }
  }
});
