import { readFile } from "node:fs/promises";
import { signIn, signOut } from "./accounts";
import { signedWorkedExample } from "./contract-kit";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject, sitePhoto, staffAccount } from "./projects-kit";

test.describe.configure({ timeout: 120_000 });

test("the office measures a valuation with a photo, Accounts certify it, and the client downloads the certificate", async ({
  page,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Tayo",
    client: "Nneka",
    project: "Asokoro terrace ",
    description: "Four terraced houses.",
  });
  const accounts = await staffAccount(request, "Accounts", "Halima");
  await signedWorkedExample(request, office, project.id);
  const bearer = { authorization: `Bearer ${office.accessToken}` };
  const photo = await request.post(`/api/projects/${project.id}/images`, {
    headers: bearer,
    multipart: { images: await sitePhoto("trench.png"), caption: "Trench dug to depth" },
  });
  expect(photo.status()).toBe(201);

  // The office measures: quantities to date, a photo of the trench, the date.
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const valuations = page.getByRole("region", { name: "Valuations" });
  await expect(valuations.getByText("No valuation yet.")).toBeVisible();
  const form = page.getByRole("form", { name: "New valuation" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(form.getByLabel("Done to date, 4.01 (m2)")).toBeVisible();
  await expectNoHorizontalOverflow(page, "the new valuation form at 390 px");
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByLabel("Done to date, 2.01 (m3)").fill("48");
  await form.getByLabel("Done to date, 2.02 (m3)").fill("18");
  await form.getByLabel("Done to date, 4.01 (m2)").fill("100");
  await form.getByRole("button", { name: /^Photos \(0\) for 2\.01/ }).click();
  const picker = page.getByRole("dialog", { name: "Photos for 2.01 Excavate foundation trench not exceeding 1.5 m deep" });
  await picker.getByRole("checkbox", { name: /Trench dug to depth/ }).check();
  await expect(picker.getByText("1 of 12 chosen.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(picker).toHaveCount(0);
  await expect(form.getByRole("button", { name: /^Photos \(1\) for 2\.01/ })).toBeFocused();
  await form.getByLabel("As at").fill("2026-12-31");
  await form.getByRole("button", { name: "Save valuation" }).click();
  const first = valuations.getByRole("list", { name: "Valuations" }).getByRole("listitem");
  await expect(first).toHaveCount(1);
  await expect(first).toContainText("Valuation No. 1 as at 31 December 2026");
  await expect(first).toContainText("Draft: waiting for Accounts");
  // 5,926,000 − 2,750,000 of walling not yet built: 3,176,000.00 gross, 158,800.00 retention, 3,017,200.00 due.
  await expect(first).toContainText("₦3,176,000.00");
  await expect(first).toContainText("₦158,800.00");
  await expect(first).toContainText("₦3,017,200.00");
  await expect(valuations.getByText("Valuation No. 1 is waiting for Accounts.")).toBeVisible();
  await expect(valuations.getByRole("button", { name: "Certify valuation" })).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);
  await page.goto("/dashboard");
  await signOut(page);

  // Accounts certify it, after the warning.
  await signIn(page, accounts.email);
  await expect(page).toHaveURL("/dashboard/accounts");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  await expect(page.getByRole("form", { name: "New valuation" })).toHaveCount(0);
  await page.getByRole("button", { name: "Certify valuation" }).click();
  const confirm = page.getByRole("dialog", { name: "Certify valuation No. 1?" });
  await expect(confirm).toContainText("Once certified, this valuation cannot change.");
  await confirm.getByRole("button", { name: "Certify valuation" }).click();
  await expect(confirm).toHaveCount(0);
  const certified = page.getByRole("list", { name: "Valuations" }).getByRole("listitem");
  await expect(certified).toContainText("Certified");
  await expect(certified).toContainText(`certified by ${accounts.firstName}`);
  await expect(page.getByRole("button", { name: "Certify valuation" })).toHaveCount(0);
  await page.goto("/dashboard");
  await signOut(page);

  // The client sees what is due and downloads the certificate.
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const seen = page.getByRole("list", { name: "Valuations" }).getByRole("listitem");
  await expect(seen).toContainText("Amount due");
  await expect(seen).toContainText("₦3,017,200.00");
  await expect(page.getByRole("form", { name: "New valuation" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Certify valuation" })).toHaveCount(0);
  const downloading = page.waitForEvent("download");
  await seen.getByRole("button", { name: "Download certificate of valuation No. 1" }).click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe(`interim-certificate-1-project-${project.id}.pdf`);
  expect((await readFile(await saved.path())).subarray(0, 5).toString()).toBe("%PDF-");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("region", { name: "Valuations" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "the valuations at 390 px");
});
