import { readFile } from "node:fs/promises";
import writeXlsxFile from "write-excel-file/node";
import { lagosDay } from "../src/shared/lagos-time";
import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { type Account, clientWithAProject, sitePhoto, staffAccount, uniqueName } from "./projects-kit";

test.describe.configure({ timeout: 120_000 });

/** The glossary's worked example: three items, 5,926,000.00 naira. */
async function workedExampleXlsx() {
  const rows = [
    ["bill", "item", "description", "unit", "quantity", "rate"],
    ["2 Substructure", "2.01", "Excavate foundation trench", "m3", 48, 4500],
    ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
    ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
  ];
  const data = await writeXlsxFile(rows.map((row) => row.map((value) => ({ value })))).toBuffer();
  return { name: "boq.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: data };
}

const bearer = (account: Account) => ({ authorization: `Bearer ${account.accessToken}` });

test("Accounts find a client's transfers on their dashboard, reject one with a reason and confirm the other there", async ({
  page,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Sade",
    client: "Emeka",
    project: "Jabi lakeside flats ",
    description: "Eight flats by the lake.",
  });
  const accounts = await staffAccount(request, "Accounts", "Bisi");

  // The set-up through the API: a signed contract, mobilisation (30 %) invoiced, a draft valuation, two transfers.
  expect(
    (
      await request.post(`/api/projects/${project.id}/boq`, { headers: bearer(office), multipart: { file: await workedExampleXlsx() } })
    ).status(),
  ).toBe(201);
  const signed = await request.post(`/api/projects/${project.id}/contract`, {
    headers: bearer(office),
    data: { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 },
  });
  expect(signed.status()).toBe(201);
  const schedule = await request.post(`/api/projects/${project.id}/payment-stages`, {
    headers: bearer(office),
    data: { name: "Mobilisation", percent: 30 },
  });
  const stageId = (await schedule.json()).data.stages[0].id;
  const invoiced = await request.post(`/api/projects/${project.id}/invoices`, {
    headers: bearer(accounts),
    data: { stageId, dueOn: lagosDay(new Date()) },
  });
  expect(invoiced.status()).toBe(201);
  const invoice = (await invoiced.json()).data as { id: number; number: string };
  const boq = (await (await request.get(`/api/projects/${project.id}/boq`, { headers: bearer(office) })).json()).data;
  const trench = boq.bills[0].items[0].id;
  const measured = await request.post(`/api/projects/${project.id}/valuations`, {
    headers: bearer(office),
    data: { asAt: "2026-12-15", lines: [{ itemId: trench, quantityToDate: 48 }] },
  });
  expect(measured.status()).toBe(201);
  const transfer = async (reference: string, amount: number) => {
    const recorded = await request.post(`/api/projects/${project.id}/payments`, {
      headers: bearer(client),
      multipart: {
        invoiceId: String(invoice.id),
        amount: String(amount),
        paidOn: lagosDay(new Date()),
        reference,
        proof: await sitePhoto("slip.png"),
      },
    });
    expect(recorded.status()).toBe(201);
  };
  const wrong = uniqueName("ZEN-").toUpperCase();
  const right = uniqueName("GTB-").toUpperCase();
  await transfer(wrong, 177_780_000);
  await transfer(right, 100_000_000);

  // Accounts land on their working screen: both transfers wait, oldest first.
  await signIn(page, accounts.email);
  await expect(page).toHaveURL("/dashboard/accounts");
  const waiting = page.getByRole("region", { name: "Transfers to confirm" });
  const rowOf = (reference: string) => waiting.getByRole("row").filter({ hasText: reference });
  await expect(rowOf(wrong)).toContainText("₦1,777,800.00");
  await expect(rowOf(right)).toContainText(`For ${invoice.number}`);
  await expect(rowOf(right)).toContainText(client.firstName);
  await expect(rowOf(right).getByRole("link", { name: project.title })).toHaveAttribute(
    "href",
    `/dashboard/projects/${project.id}?section=money`,
  );
  const references = await waiting.getByRole("row").allInnerTexts();
  expect(references.findIndex((text) => text.includes(wrong))).toBeLessThan(references.findIndex((text) => text.includes(right)));
  const owed = page.getByRole("region", { name: "Receivables by project" }).getByRole("row").filter({ hasText: project.title });
  await expect(owed).toContainText("₦1,777,800.00");
  await expect(owed).toContainText("₦2,777,800.00");
  const draft = page.getByRole("region", { name: "Valuations to certify" }).getByRole("row").filter({ hasText: project.title });
  await expect(draft).toContainText("Valuation No. 1 as at 15 December 2026");
  await expect(
    page.getByRole("region", { name: "Contract sums against certified work" }).getByRole("row").filter({ hasText: project.title }),
  ).toContainText("₦5,926,000.00");
  await expectNoSeriousViolations(page);

  // The proof, as the client sent it.
  const downloading = page.waitForEvent("download");
  await rowOf(right)
    .getByRole("button", { name: `View proof of transfer ${right}` })
    .click();
  const proof = await downloading;
  expect((await readFile(await proof.path())).subarray(1, 4).toString()).toBe("PNG");

  // Rejected with a reason: the dialog will not reject without one.
  await rowOf(wrong)
    .getByRole("button", { name: `Reject transfer ${wrong}` })
    .click();
  const rejecting = page.getByRole("dialog", { name: `Reject transfer ${wrong}?` });
  await expect(rejecting.getByRole("button", { name: "Reject transfer" })).toBeDisabled();
  await rejecting.getByLabel("Why it is rejected").fill("Not on the bank statement of 27 November.");
  await rejecting.getByRole("button", { name: "Reject transfer" }).click();
  await expect(page.getByText(`Transfer ${wrong} rejected.`, { exact: true })).toBeVisible();
  await expect(rowOf(wrong)).toHaveCount(0);

  // Confirmed from the keyboard: the dialog starts on Cancel, the next control confirms.
  await rowOf(right)
    .getByRole("button", { name: `Confirm transfer ${right}` })
    .focus();
  await page.keyboard.press("Enter");
  const confirming = page.getByRole("dialog", { name: `Confirm transfer ${right}?` });
  await expect(confirming).toContainText("₦1,000,000.00 counts as paid");
  await expect(confirming.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirming.getByRole("button", { name: "Confirm transfer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Transfer ${right} confirmed.`, { exact: true })).toBeVisible();
  await expect(confirming).toHaveCount(0);
  await expect(rowOf(right)).toHaveCount(0);
  // Paid 1,000,000.00 of 1,777,800.00: 777,800.00 outstanding, nothing awaiting.
  await expect(owed).toContainText("₦1,000,000.00");
  await expect(owed).toContainText("₦777,800.00");

  // A transfer recorded while the screen is open shows on it without a reload (the bell's event refreshes it).
  const later = uniqueName("UBA-").toUpperCase();
  await transfer(later, 50_000_000);
  await expect(rowOf(later)).toContainText("₦500,000.00");

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(owed).toContainText("Outstanding");
  await expectNoHorizontalOverflow(page, "the Accounts dashboard at 390 px");

  // The valuation's link opens the project's Money section, where it is certified.
  await draft.getByRole("link", { name: "Valuation No. 1 as at 15 December 2026" }).click();
  await expect(page).toHaveURL(`/dashboard/projects/${project.id}?section=money`);
  await expect(page.getByRole("button", { name: "Certify valuation" })).toBeVisible();
});
