import { request as playwrightRequest } from "@playwright/test";
import { staffDepartmentNames } from "../src/shared/departments";
import { approvedStaff, signIn } from "./accounts";
import { expect as baseExpect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject } from "./projects-kit";
import { E2E_ADMIN } from "./site-under-test";

// Axe on the project page and the admin's long screens needs time on a busy machine, and so do their first answers.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ENTRY = "**Note:** the ground-floor slab was poured.\n\n- cubes taken for testing\n- curing under _wet hessian_";

test("a site update written in Markdown reads rendered in the diary and as plain text in the latest updates", async ({ page, request }) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Bola",
    client: "Zainab",
    project: "Jabi lakeside duplex ",
    description: "A four-bedroom duplex by the lake.",
  });
  const posted = await request.post(`/api/projects/${project.id}/updates`, {
    headers: { authorization: `Bearer ${office.accessToken}` },
    multipart: { body: ENTRY },
  });
  expect(posted.status()).toBe(201);

  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  const latest = page.getByRole("listitem").filter({ hasText: "Note: the ground-floor slab was poured." });
  await expect(latest).toContainText("Note: the ground-floor slab was poured. - cubes taken for testing - curing under wet hessian");
  await expect(page.getByText("**Note:**")).toHaveCount(0);

  await latest.getByRole("link", { name: project.title }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${project.id}`));
  const entry = page.getByRole("article", { name: `Update by ${office.firstName} Eze` });
  await expect(entry.locator("strong", { hasText: "Note:" })).toBeVisible();
  await expect(entry.getByRole("listitem")).toHaveText(["cubes taken for testing", "curing under wet hessian"]);
  await expect(entry.locator("em")).toHaveText("wet hessian");
  await expect(page.getByText("**Note:**")).toHaveCount(0);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(entry.locator("strong", { hasText: "Note:" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page, `the site diary in ${scheme}`);
  }
});

test("the admin's access log names a request made without signing in, and an address that has no account", async ({ page, baseURL }) => {
  const address = `198.51.100.${Math.floor(Math.random() * 250) + 2}`;
  const visitor = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  // An address with no account, and password resets asked until the limit refuses one (logged without any account).
  const nobody = `nobody.${address}@example.com`;
  await visitor.post("/api/auth/verify-credentials", { data: { email: nobody, password: "guess-123456" } });
  let refused = false;
  for (let attempt = 0; attempt < 12 && !refused; attempt++) {
    refused = (await visitor.post("/api/auth/forgot-password", { data: { email: nobody } })).status() === 429;
  }
  expect(refused).toBe(true);
  await visitor.dispose();

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await page.goto("/security");
  const log = page.getByRole("region", { name: "Access log" });
  await log.getByLabel("Address or range").fill(address);
  await log.getByRole("button", { name: "Filter" }).click();
  const rows = log.getByRole("list", { name: "Access log" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Request refused: too many requests" })).toContainText("Visitor (not signed in)");
  await expect(rows.filter({ hasText: "Sign-in" }).first()).toContainText(`${nobody} (no account)`);
});

test("department names keep their spaces on the analytics chart's axis, every department's label drawn", async ({ page, request }) => {
  // Sign-ups in every department, as on a site in use: ten rows, none of whose labels may be dropped for room.
  for (const department of staffDepartmentNames) await approvedStaff(request, department, "Halima");
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await page.goto("/analytics");
  const panel = page.getByRole("region", { name: "Sign-ups by department" });
  await expect(panel.getByRole("table")).toContainText("Digital Marketing");
  const labels = panel.locator(".recharts-yAxis-tick-labels text");
  await expect(labels.filter({ hasText: "Digital Marketing" })).toHaveCount(1);
  await expect(labels.filter({ hasText: "Business Administration" })).toHaveCount(1);
  // One label per row of the figures.
  const rows = panel.getByRole("table").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(staffDepartmentNames.length);
  await expect(labels).toHaveCount(await rows.count());
  // One line each, whole: no label is split into words nor drawn outside the chart.
  for (const label of await labels.all()) {
    expect(await label.locator("tspan").count()).toBe(0);
    const box = await label.boundingBox();
    const chart = await panel.locator(".recharts-wrapper").boundingBox();
    expect(box && chart && box.x >= chart.x - 1).toBe(true);
  }
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(labels.filter({ hasText: "Digital Marketing" })).toHaveCount(1);
    await expectNoHorizontalOverflow(page, `the analytics in ${scheme}`);
  }
});
