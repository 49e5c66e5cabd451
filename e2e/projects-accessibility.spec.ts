import type { Page } from "@playwright/test";
import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { projectWithContent } from "./projects-kit";
import { E2E_ADMIN } from "./site-under-test";

// Each journey sets up a project with content in every section, then checks several screens.
test.describe.configure({ timeout: 90_000 });

const sections = ["Overview", "Schedule", "Updates", "Photos", "Documents"] as const;

async function checkEverySection(page: Page, projectId: number, title: string) {
  await page.goto(`/dashboard/projects/${projectId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  for (const section of sections) {
    await page
      .getByRole("navigation", { name: "Project sections" })
      .getByRole("link", { name: new RegExp(`^${section}`) })
      .click();
    await expect(page.getByRole("link", { name: new RegExp(`^${section}`) })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  }
}

for (const scheme of ["light", "dark"] as const) {
  test(`the client's dashboard and project page have no serious or critical accessibility violation in ${scheme}`, async ({
    page,
    request,
  }) => {
    const { client, project } = await projectWithContent(request);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await signIn(page, client.email);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("region", { name: "Your projects" }).getByRole("link", { name: project.title })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your project team" }).getByRole("link", { name: /^Email/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Documents" }).getByText("Site plan")).toBeVisible();
    await expectNoSeriousViolations(page);

    await checkEverySection(page, project.id, project.title);
    // The lightbox, open.
    await page
      .getByRole("navigation", { name: "Project sections" })
      .getByRole("link", { name: /^Photos/ })
      .click();
    await page.getByRole("button", { name: "Open photo: Graded road" }).click();
    await expect(page.getByRole("dialog", { name: "Photo 1 of 1" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test(`the project office's screens have no serious or critical accessibility violation in ${scheme}`, async ({ page, request }) => {
    const { office, project } = await projectWithContent(request);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await signIn(page, office.email);
    await expect(page).toHaveURL("/dashboard/projects");
    await expect(page.getByRole("region", { name: "All projects" }).getByRole("link", { name: project.title }).first()).toBeVisible();
    const overdue = page.getByRole("region", { name: "Overdue milestones" }).getByRole("listitem").filter({ hasText: project.title });
    await expect(overdue).toContainText("Access road");
    await expectNoSeriousViolations(page);

    // As an editor: the forms of every section, and the dialogs.
    await checkEverySection(page, project.id, project.title);
    await page.getByRole("button", { name: "Edit details" }).click();
    await expect(page.getByRole("dialog", { name: "Edit project details" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Manager and team" }).click();
    await expect(page.getByRole("dialog", { name: "Project manager and team" }).getByLabel("Project manager")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test(`the Accounts dashboard has no serious or critical accessibility violation in ${scheme}`, async ({ page, request }) => {
    const { project } = await projectWithContent(request);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/admin");
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Accounts" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accounts");
    await expect(page.getByRole("table").getByRole("link", { name: project.title })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test("the project page and the dashboards fit a 360 px wide screen", async ({ browser, page, request }) => {
  const { client, office, project } = await projectWithContent(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("region", { name: "Your projects" }).getByRole("link", { name: project.title })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto(`/dashboard/projects/${project.id}`);
  for (const section of sections) {
    await page
      .getByRole("navigation", { name: "Project sections" })
      .getByRole("link", { name: new RegExp(`^${section}`) })
      .click();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoHorizontalOverflow(page, `the ${section} section`);
  }

  // The office's list and the accounts' table become stacked rows.
  const staff = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const officePage = await staff.newPage();
  await signIn(officePage, office.email);
  await expect(officePage.getByRole("region", { name: "All projects" }).getByRole("link", { name: project.title })).toBeVisible();
  await expectNoHorizontalOverflow(officePage);
  await staff.close();
  const admin = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(adminPage).toHaveURL("/admin");
  // The admin's dashboard lists every project: the cards past the first row are laid out only near the screen.
  await adminPage.goto("/dashboard");
  await expect(adminPage.getByRole("region", { name: "Your projects" }).getByRole("listitem")).toHaveCount(6);
  await expectNoHorizontalOverflow(adminPage);
  await adminPage.goto("/dashboard/accounts");
  await expect(adminPage.getByRole("table").getByRole("link", { name: project.title })).toBeVisible();
  await expectNoHorizontalOverflow(adminPage);
  await admin.close();
});
