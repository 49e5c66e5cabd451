import { PASSWORD, signIn, signOut } from "./accounts";
import { signedWorkedExample, workedExampleXlsx } from "./contract-kit";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject } from "./projects-kit";

test.describe.configure({ timeout: 120_000 });

const BAD_CSV = {
  name: "boq.csv",
  mimeType: "text/csv",
  buffer: Buffer.from("bill,item,description,unit,quantity,rate\n2 Substructure,2.01,Excavate,m3,48,four thousand\n"),
};

test("the project office imports the BOQ, signs the contract and schedules mobilisation; the client reads the same figures", async ({
  page,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Kunle",
    client: "Amaka",
    project: "Gwarinpa duplex ",
    description: "A four-bedroom duplex.",
  });
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const boq = page.getByRole("region", { name: "Bill of quantities" });
  await expect(boq.getByText("No bill of quantities yet.")).toBeVisible();

  // A row that cannot be read is named by row and column, and nothing is saved.
  await page.getByRole("button", { name: "Import the BOQ" }).setInputFiles(BAD_CSV);
  await expect(page.getByRole("list", { name: "Cells that cannot be read" })).toHaveText(
    'Row 2, column F (rate): "four thousand" is not a rate: naira of 0 or more, with at most 2 decimals (kobo).',
  );

  await page.getByRole("button", { name: "Import the BOQ" }).setInputFiles(await workedExampleXlsx("Crestbuild BOQ"));
  await expect(page.getByRole("status").filter({ hasText: "BOQ imported." })).toContainText(
    "2 bills, 3 items: a contract sum of ₦5,926,000.00.",
  );
  await expect(boq.getByText("Draft", { exact: true })).toBeVisible();
  await expect(boq.getByRole("group").filter({ hasText: "2 Substructure" }).getByRole("row", { name: /2\.02/ })).toContainText(
    "₦95,000.00",
  );
  await expect(boq.getByText("₦5,926,000.00", { exact: true })).toBeVisible();

  const signing = page.getByRole("region", { name: "Record the contract as signed" });
  await signing.getByLabel("Signed on").fill("2026-11-20");
  await signing.getByLabel("Retention (%)").fill("25");
  await signing.getByRole("button", { name: "Record the contract as signed" }).click();
  await expect(signing.getByText("The retention is between 0 and 20 %.")).toBeVisible();
  await signing.getByLabel("Retention (%)").fill("5");
  await signing.getByRole("button", { name: "Record the contract as signed" }).click();
  await expect(boq.getByText("Fixed: contract signed")).toBeVisible();
  const contract = page.getByRole("region", { name: "The contract" });
  await expect(contract).toContainText("20 November 2026");
  await expect(contract).toContainText("5 %");
  await expect(contract).toContainText("180 days");
  await expect(page.getByRole("button", { name: "Import the BOQ" })).toHaveCount(0);

  const schedule = page.getByRole("region", { name: "Payment schedule" });
  await expect(schedule.getByText("No payment stage yet.")).toBeVisible();
  await schedule.getByLabel("Name").fill("Mobilisation");
  await schedule.getByLabel("Percentage (%)").fill("30");
  await schedule.getByRole("button", { name: "Add the stage" }).click();
  const mobilisation = schedule.getByRole("list", { name: "Payment stages" }).getByRole("listitem");
  await expect(mobilisation).toHaveCount(1);
  await expect(mobilisation).toContainText("Mobilisation");
  await expect(mobilisation).toContainText("₦1,777,800.00");
  await expect(mobilisation).toContainText("Due");
  await expect(schedule).toContainText("₦4,148,200.00 is not in a stage yet");
  // Checked as the section stands, not with the pointer resting on the button just pressed.
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page);

  await page.goto("/dashboard");
  await signOut(page);
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Money" }).click();
  await expect(page.getByRole("region", { name: "Bill of quantities" }).getByText("₦5,926,000.00", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "The contract" })).toContainText("20 November 2026");
  const clientStage = page.getByRole("list", { name: "Payment stages" }).getByRole("listitem");
  await expect(clientStage).toContainText("₦1,777,800.00");
  await expect(clientStage).toContainText("Due");
  await expect(page.getByRole("button", { name: "Import the BOQ" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Record the contract as signed" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add the stage" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("region", { name: "Payment schedule" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "the Money section at 390 px");
});

test("the office raises a variation and the client approves it with their password, moving the contract sum", async ({
  page,
  browser,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Bayo",
    client: "Chioma",
    project: "Jabi bungalow ",
    description: "A bungalow.",
  });
  await signedWorkedExample(request, office, project.id);

  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const raise = page.getByRole("region", { name: "Raise a variation" });
  await raise.getByLabel("Title").fill("Boys' quarters extension");
  await raise.getByLabel("Why the work changes").fill("The client asked for a second room.");
  await raise.getByLabel("Work, line 1").fill("225 mm sandcrete block wall, extension");
  await raise.getByLabel("Unit").fill("m2");
  await raise.getByLabel("Quantity").fill("60");
  await raise.getByLabel("Rate (₦)").fill("12,500");
  await raise.getByLabel("Days added to the completion date").fill("14");
  await raise.getByRole("button", { name: "Raise the variation" }).click();
  const variations = page.getByRole("list", { name: "Variations" });
  await expect(variations.getByText("Waiting for the client")).toBeVisible();
  await expect(variations).toContainText("₦5,926,000.00 → ₦6,676,000.00");

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=money`);
  const pending = clientPage.getByRole("list", { name: "Variations" }).getByRole("listitem");
  await expect(pending).toContainText("V1: Boys' quarters extension");
  await pending.getByRole("button", { name: "Approve", exact: true }).click();
  const proof = clientPage.getByRole("dialog", { name: "Approve variation V1" });
  await proof.getByLabel("Current password").fill("not my password");
  await proof.getByRole("button", { name: "Approve the variation" }).click();
  await expect(proof.getByText("Your current password is not correct.")).toBeVisible();
  await expect(pending.getByText("Waiting for the client")).toBeVisible();
  await proof.getByLabel("Current password").fill(PASSWORD);
  await proof.getByRole("button", { name: "Approve the variation" }).click();
  await expect(proof).toHaveCount(0);
  await expect(pending.getByText("Approved", { exact: true })).toBeVisible();
  await expect(clientPage.getByRole("region", { name: "Variations" })).toContainText(
    "Contract sum: ₦6,676,000.00 (signed at ₦5,926,000.00)",
  );
  await expectNoSeriousViolations(clientPage);
  await clientContext.close();
});
