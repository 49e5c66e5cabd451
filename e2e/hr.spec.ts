import { approvedStaff, register, signIn, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";
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
  // HR sees who is waiting; approving is for administrators.
  await expect(pending.getByText("An administrator approves these accounts")).toBeVisible();
  await expect(pending.getByRole("button", { name: /Approve/ })).toHaveCount(0);

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
