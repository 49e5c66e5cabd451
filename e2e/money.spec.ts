import { readFile } from "node:fs/promises";
import { signIn, signOut } from "./accounts";
import { signedWorkedExample } from "./contract-kit";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject, sitePhoto, staffAccount } from "./projects-kit";

test.describe.configure({ timeout: 150_000 });

test("Accounts certify and invoice a valuation, the client pays by transfer with the slip, Accounts confirm, the statement adds up", async ({
  page,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Tayo",
    client: "Chidi",
    project: "Jabi lakeside villa ",
    description: "A five-bedroom villa.",
  });
  const accounts = await staffAccount(request, "Accounts", "Halima");
  const item = await signedWorkedExample(request, office, project.id);
  const measured = await request.post(`/api/projects/${project.id}/valuations`, {
    headers: { authorization: `Bearer ${office.accessToken}` },
    data: {
      asAt: "2026-11-25",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48 },
        { itemId: item["2.02"], quantityToDate: 18 },
        { itemId: item["4.01"], quantityToDate: 100 },
      ],
    },
  });
  expect(measured.status()).toBe(201);

  // Accounts certify the valuation and invoice it.
  await signIn(page, accounts.email);
  await expect(page).toHaveURL("/dashboard/accounts");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  await page.getByRole("button", { name: "Certify valuation" }).click();
  await page.getByRole("dialog", { name: "Certify valuation No. 1?" }).getByRole("button", { name: "Certify valuation" }).click();
  await expect(page.getByRole("list", { name: "Valuations" }).getByRole("listitem")).toContainText("Certified");
  const issue = page.getByRole("form", { name: "Issue an invoice" });
  await issue.getByLabel("Invoice for").selectOption({ label: "Valuation No. 1 (as at 25 November 2026): ₦3,017,200.00" });
  await issue.getByRole("button", { name: "Issue the invoice" }).click();
  const invoice = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText("Interim certificate No. 1");
  await expect(invoice).toContainText("Unpaid");
  const number = ((await invoice.locator(".font-mono").first().textContent()) ?? "").trim();
  expect(number).toMatch(/^INV-\d{4}-\d{4}$/);
  await page.goto("/dashboard");
  await signOut(page);

  // The client downloads the invoice and records a part payment with a photo of the bank slip.
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const owed = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
  await expect(owed).toContainText("₦3,017,200.00");
  const downloading = page.waitForEvent("download");
  await owed.getByRole("button", { name: `Download invoice ${number}` }).click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe(`${number}.pdf`);
  expect((await readFile(await saved.path())).subarray(0, 5).toString()).toBe("%PDF-");
  await owed.getByRole("button", { name: `Record a transfer for ${number}` }).click();
  const transfer = page.getByRole("dialog", { name: `Record a transfer for ${number}` });
  await transfer.getByLabel("Amount sent (₦)").fill("2,000,000.00");
  await transfer.getByLabel("Transfer reference").fill("ZEN/FT/26331/0042");
  await transfer.getByRole("button", { name: "Record the transfer" }).click();
  await expect(transfer.getByText("Attach the proof of payment", { exact: false })).toBeVisible();
  const slip = await sitePhoto("bank-slip.png");
  await transfer.getByLabel("Proof of payment").setInputFiles(slip);
  await expectNoSeriousViolations(page);
  await transfer.getByRole("button", { name: "Record the transfer" }).click();
  await expect(transfer).toHaveCount(0);
  const sent = page.getByRole("list", { name: "Transfers" }).getByRole("listitem");
  await expect(sent).toContainText("Awaiting confirmation");
  await expect(sent).toContainText("Part payment");
  const statement = page.getByRole("region", { name: "Statement of account" });
  await expect(statement).toContainText("₦2,000,000.00 not yet counted");
  await page.goto("/dashboard");
  await signOut(page);

  // Accounts look at the slip and confirm the transfer.
  await signIn(page, accounts.email);
  await expect(page).toHaveURL("/dashboard/accounts");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const waiting = page.getByRole("list", { name: "Transfers" }).getByRole("listitem");
  const proof = page.waitForEvent("download");
  await waiting.getByRole("button", { name: "View proof of the transfer ZEN/FT/26331/0042" }).click();
  expect((await proof).suggestedFilename()).toBe("bank-slip.png");
  await waiting.getByRole("button", { name: "Confirm transfer ZEN/FT/26331/0042" }).click();
  await page.getByRole("dialog", { name: "Confirm transfer ZEN/FT/26331/0042?" }).getByRole("button", { name: "Confirm transfer" }).click();
  await expect(waiting).toContainText("Confirmed");
  await expect(waiting).toContainText(/Receipt RCT-\d{4}-\d{4}/);
  await page.goto("/dashboard");
  await signOut(page);

  // The client's statement shows the receipt and the balance.
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}?section=money`);
  const account = page.getByRole("region", { name: "Statement of account" });
  await expect(account.getByRole("row", { name: /RCT-\d{4}-\d{4}/ })).toContainText("₦2,000,000.00");
  await expect(account.getByRole("row", { name: /RCT-\d{4}-\d{4}/ })).toContainText("₦1,017,200.00");
  await expect(account.getByText("Balance due")).toBeVisible();
  await expect(account.getByRole("definition").filter({ hasText: "₦1,017,200.00" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Invoices" }).getByRole("listitem")).toContainText("Part paid");
  const receipt = page.waitForEvent("download");
  await page.getByRole("button", { name: /^Download receipt RCT-/ }).click();
  expect((await readFile(await (await receipt).path())).subarray(0, 5).toString()).toBe("%PDF-");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(account).toBeVisible();
  await expectNoHorizontalOverflow(page, "the statement at 390 px");
});
