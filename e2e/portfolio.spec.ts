import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test, waitForHydration } from "./fixtures";
import { clientWithAProject, staffAccount } from "./projects-kit";

// A sample of the starting content (content/portfolio.json): a completed project with its cover.
const SAMPLE_CASE_STUDY = "/projects/maitama-courtyard-residences";

test.describe.configure({ timeout: 120_000 });

test("a client agrees to the website showing their project, Digital Marketing shows it, and withdrawing takes it off", async ({
  browser,
  page,
  request,
}) => {
  // The project office's work, through the API: a client's project under way, with no marketer on its team.
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Femi",
    client: "Zainab",
    project: "Wuse Terrace Homes ",
    description: "Internal: the client asked us not to mention the price.",
  });
  const started = await request.put(`/api/projects/${project.id}`, {
    headers: { authorization: `Bearer ${office.accessToken}` },
    data: { status: "in_progress" },
  });
  expect(started.status()).toBe(200);
  const marketer = await staffAccount(request, "Digital Marketing", "Tobi");

  await signIn(page, marketer.email);
  await expect(page).toHaveURL("/dashboard/digital-marketing");
  const portfolio = page.getByRole("region", { name: "Portfolio" });
  const search = async () => {
    await portfolio.getByLabel("Search title, reference or city").fill(project.title);
    await portfolio.getByRole("button", { name: "Search" }).click();
  };
  await search();
  await expect(portfolio.getByText(`No project matches "${project.title}".`)).toBeVisible();

  // The client's say, on their project page: off until they turn it on.
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  // Signed in once the dashboard shows: going elsewhere before that would cut the sign-in short.
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}`);
  const website = clientPage.getByRole("region", { name: "On our website" });
  const agreement = website.getByLabel("I agree to this project being shown on the company's website");
  await expect(agreement).not.toBeChecked();
  await expect(website.getByText("Not agreed: the project is not shown on the website.")).toBeVisible();
  await agreement.focus();
  await clientPage.keyboard.press("Space");
  await expect(clientPage.getByText("Thank you. The company may now show this project on its website.", { exact: true })).toBeVisible();
  await expect(agreement).toBeChecked();
  await expect(website.getByText(new RegExp(`^Agreed on \\d{1,2} \\w+ \\d{4} by ${client.firstName} Okafor\\.$`))).toBeVisible();

  // Now Digital Marketing is offered it, and shows it with a summary.
  await search();
  const candidate = portfolio.getByRole("form", { name: project.title });
  await expect(candidate.getByText(/^The client agreed on /)).toBeVisible();
  await candidate.getByLabel("Show on the public Projects page").check();
  await candidate.getByLabel(/Public summary/).fill("Twelve terrace homes around a shared garden in Wuse.");
  await candidate.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${project.title} is in the public portfolio.`, { exact: true })).toBeVisible();

  // A visitor finds it on /projects and opens its case study.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/projects?category=residential");
  await waitForHydration(visitor);
  await visitor.getByRole("link", { name: project.title }).click();
  await expect(visitor).toHaveURL(`/projects/${project.slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(project.title);
  await expect(visitor.getByText("Twelve terrace homes around a shared garden in Wuse.")).toBeVisible();
  await expect(visitor.getByText("Internal: the client asked us not to mention the price.")).toHaveCount(0);

  // The client withdraws: the project leaves the website at once.
  await agreement.uncheck();
  await expect(clientPage.getByText("The project is no longer shown on the company's website.", { exact: true })).toBeVisible();
  await expect(website.getByText("Not agreed: the project is not shown on the website.")).toBeVisible();
  const gone = await visitor.goto(`/projects/${project.slug}`);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/projects/${project.slug}<`);
  await search();
  await expect(portfolio.getByText(`No project matches "${project.title}".`)).toBeVisible();
  await clientContext.close();
  await visitorContext.close();
});

for (const scheme of ["light", "dark"] as const) {
  test(`a case study has no serious or critical accessibility violation in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.goto(SAMPLE_CASE_STUDY);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maitama Courtyard Residences");
    await expectNoSeriousViolations(page);
  });
}

test("a case study fits a 360 px screen and is reached from /projects with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(SAMPLE_CASE_STUDY);
  await waitForHydration(page);
  await expect(page.getByRole("img", { name: /Maitama Courtyard Residences/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/projects?category=residential");
  await waitForHydration(page);
  const link = page.getByRole("link", { name: "Maitama Courtyard Residences" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(SAMPLE_CASE_STUDY);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maitama Courtyard Residences");
  await expect(page).toHaveTitle("Maitama Courtyard Residences, Abuja | Crestbuild Projects");
});
