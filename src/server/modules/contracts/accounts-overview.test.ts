import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { addDays, todayInLagos } from "../../../shared/calendar.js";
import type { Statement } from "../../../shared/invoices.js";
import { type AccountsOverview, ageingBuckets } from "../../../shared/receivables.js";
import { invoices, payments } from "../../db/schema.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { pngImage } from "../../testing/images.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, upload, people, createProject } = setUpTestServer();

/** The glossary's worked example: 5,926,000.00 naira, 5 % retention. */
const BOQ = [
  ["bill", "item", "description", "unit", "quantity", "rate"],
  ["2 Substructure", "2.01", "Excavate foundation trench", "m3", 48, 4500],
  ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
  ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
];
const BOQ_SUM = 592_600_000;
const unique = () => crypto.randomUUID().slice(0, 8);
const db = async () => (await testDatabase()).db;

let office: SignedIn;
let accounts: SignedIn;

beforeEach(async () => {
  office = await people.staff(`qs-${unique()}@crestbuild.ng`, "Projects");
  accounts = await people.staff(`acc-${unique()}@crestbuild.ng`, "Accounts");
});

const overviewAs = async (who: SignedIn): Promise<AccountsOverview> => {
  const answer = await call("/accounts/overview", undefined, who.auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

/** A project of the client's with the worked example's BOQ, signed with 5 % retention; answers its id and BOQ items by ref. */
async function signedProject(client: SignedIn, title: string) {
  const id = await createProject(office, { clientId: client.id, title });
  const file = await writeXlsxFile(BOQ.map((row) => row.map((value) => ({ value })))).toBuffer();
  await upload(`/projects/${id}/boq`, [{ field: "file", name: "boq.xlsx", type: "application/octet-stream", data: file }], office.auth);
  expect(
    (await call(`/projects/${id}/contract`, { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 0 }, office.auth)).status,
  ).toBe(201);
  const boq = await call(`/projects/${id}/boq`, undefined, office.auth);
  const items: Record<string, number> = Object.fromEntries(
    boq.body.data.bills.flatMap((bill: { items: { ref: string; id: number }[] }) => bill.items.map((item) => [item.ref, item.id])),
  );
  return { id, items };
}

/** A stage of the given amount, due at once (no milestone), invoiced today; answers the invoice. */
async function invoicedStage(projectId: number, amount: number, dueOn = todayInLagos()) {
  const schedule = await call(`/projects/${projectId}/payment-stages`, { name: `Stage ${unique()}`, amount }, office.auth);
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
  const issued = await call(`/projects/${projectId}/invoices`, { stageId: schedule.body.data.stages.at(-1).id, dueOn }, accounts.auth);
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  return issued.body.data as { id: number; number: string };
}

/** Moves an invoice's due date to `days` before today (the API refuses a due date in the past). */
const dueDaysAgo = async (invoiceId: number, days: number) =>
  (await db())
    .update(invoices)
    .set({ dueOn: addDays(todayInLagos(), -days) })
    .where(eq(invoices.id, invoiceId));

async function pay(projectId: number, who: SignedIn, invoiceId: number, amount: number, reference = `TRF-${unique()}`) {
  const recorded = await upload(
    `/projects/${projectId}/payments`,
    [{ field: "proof", name: "slip.png", type: "image/png", data: await pngImage(60, 40) }],
    who.auth,
    { invoiceId: String(invoiceId), amount: String(amount), paidOn: todayInLagos(), reference },
  );
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return recorded.body.data as { id: number };
}

const confirm = async (projectId: number, paymentId: number) =>
  expect((await call(`/projects/${projectId}/payments/${paymentId}/confirm`, {}, accounts.auth)).status).toBe(200);

async function valuation(projectId: number, items: Record<string, number>, walling: number, asAt: string) {
  const lines = [
    { itemId: items["2.01"], quantityToDate: 48 },
    { itemId: items["2.02"], quantityToDate: 18 },
    { itemId: items["4.01"], quantityToDate: walling },
  ];
  const measured = await call(`/projects/${projectId}/valuations`, { asAt, lines }, office.auth);
  expect(measured.status, JSON.stringify(measured.body)).toBe(201);
  return measured.body.data as { id: number; grossValue: number; amountDue: number };
}

const sum = <Row>(rows: readonly Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);

describe("the Accounts dashboard", () => {
  it("ages each invoice's unpaid balance by days past its due date, lists what waits oldest first, and adds every total up from its rows", async () => {
    const clientA = await people.client(`a-${unique()}@example.com`);
    const clientB = await people.client(`b-${unique()}@example.com`);
    const a = await signedProject(clientA, "Asokoro terrace");
    const b = await signedProject(clientB, "Maitama villa");
    const unsigned = await createProject(office, { title: "Wuse offices", status: "planning" });
    await createProject(office, { title: "A request", status: "requested" });

    // Project A: eight stage invoices, one not yet due, the others 0, 30, 31, 60, 61, 90 and 91 days past due.
    const lateness = [-10, 0, 30, 31, 60, 61, 90, 91];
    const issued = [];
    for (const [index, late] of lateness.entries()) {
      const invoice = await invoicedStage(a.id, (index + 1) * 1_000_000, late < 0 ? addDays(todayInLagos(), -late) : undefined);
      if (late >= 0) await dueDaysAgo(invoice.id, late);
      issued.push(invoice);
    }
    const [, dueToday, , late31, , late61, , late91] = issued.map((invoice) => invoice.id);
    if (!dueToday || !late31 || !late61 || !late91) throw new Error("the invoices were not issued");
    await confirm(a.id, (await pay(a.id, clientA, dueToday, 2_000_000)).id); // paid in full: 0
    await confirm(a.id, (await pay(a.id, clientA, late31, 1_500_000)).id); // part paid: 2,500,000 left
    await confirm(a.id, (await pay(a.id, clientA, late61, 7_000_000)).id); // overpaid by 1,000,000: 0, not −1,000,000

    // An approved variation adds 10 m2 of wall (125,000.00) to A's contract sum.
    const raised = await call(
      `/projects/${a.id}/variations`,
      { title: "Garden wall", reason: "Asked by the client.", lines: [{ description: "Wall", unit: "m2", quantity: 10, rate: 12500 }] },
      office.auth,
    );
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const approved = await call(`/projects/${a.id}/variations/${raised.body.data.id}/approve`, { password: TEST_PASSWORD }, clientA.auth);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // Project B: valuation 1 certified and invoiced, valuation 2 a draft; two transfers that may be one.
    const first = await valuation(b.id, b.items, 100, "2026-11-25");
    expect((await call(`/projects/${b.id}/valuations/${first.id}/certify`, {}, accounts.auth)).status).toBe(200);
    const certificate = await call(`/projects/${b.id}/invoices`, { valuationId: first.id, dueOn: todayInLagos() }, accounts.auth);
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(201);
    const draftB = await valuation(b.id, b.items, 200, "2026-12-20");
    const draftA = await valuation(a.id, a.items, 50, "2026-12-21");
    const slip = await pay(b.id, clientB, certificate.body.data.id, 100_000_000, "GTB-4455");
    const again = await pay(b.id, clientB, certificate.body.data.id, 100_000_000, "gtb-44 55");
    // A's transfer is recorded last but dated two days back: it is the oldest waiting.
    const awaitingA = await pay(a.id, clientA, late91, 8_000_000);
    await (await db())
      .update(payments)
      .set({ recordedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(payments.id, awaitingA.id));

    const overview = await overviewAs(accounts);
    expect(overview.asOf).toBe(todayInLagos());

    const rowA = overview.receivables.find((row) => row.project.id === a.id);
    expect(rowA).toEqual({
      project: { id: a.id, reference: expect.any(String), title: "Asokoro terrace" },
      client: expect.objectContaining({ id: clientA.id }),
      invoiced: 36_000_000,
      paid: 10_500_000,
      awaitingConfirmation: 8_000_000,
      outstanding: 25_500_000,
      ageing: { notDue: 1_000_000, days0to30: 3_000_000, days31to60: 7_500_000, days61to90: 7_000_000, over90: 8_000_000 },
    });
    const rowB = overview.receivables.find((row) => row.project.id === b.id);
    expect(rowB).toMatchObject({
      invoiced: first.amountDue,
      paid: 0,
      awaitingConfirmation: 200_000_000,
      outstanding: first.amountDue,
      ageing: { notDue: 0, days0to30: first.amountDue, days31to60: 0, days61to90: 0, over90: 0 },
    });
    // Largest outstanding first; the projects without invoices have no receivable.
    expect(overview.receivables.map((row) => row.project.id)).toEqual([b.id, a.id]);

    // Each row is the project's statement in figures.
    for (const [projectId, row] of [
      [a.id, rowA],
      [b.id, rowB],
    ] as const) {
      const statement: Statement = (await call(`/projects/${projectId}/statement`, undefined, accounts.auth)).body.data;
      expect(row).toMatchObject({
        invoiced: statement.invoiced,
        paid: statement.paid,
        awaitingConfirmation: statement.awaitingConfirmation,
        outstanding: statement.balanceDue,
      });
      expect(overview.budgetVsCertified.find((line) => line.project.id === projectId)?.contract).toMatchObject({
        contractSum: statement.contractSum,
        certifiedToDate: statement.certifiedToDate,
      });
    }

    expect(overview.awaitingConfirmation.map((payment) => payment.id)).toEqual([awaitingA.id, slip.id, again.id]);
    expect(overview.awaitingConfirmation[0]).toMatchObject({
      project: { id: a.id },
      invoiceId: late91,
      invoiceNumber: issued[7]?.number,
      payer: { id: clientA.id },
      amount: 8_000_000,
      paidOn: todayInLagos(),
      possibleDuplicateOf: [],
      proofUrl: `/api/projects/${a.id}/payments/${awaitingA.id}/proof`,
    });
    expect(overview.awaitingConfirmation[1]).toMatchObject({ reference: "GTB-4455", possibleDuplicateOf: [again.id] });
    expect(overview.awaitingConfirmation[2]).toMatchObject({ reference: "gtb-44 55", possibleDuplicateOf: [slip.id] });

    // B's draft was prepared before A's: oldest first, whatever the projects' order.
    expect(overview.awaitingCertification).toEqual([
      expect.objectContaining({ id: draftB.id, project: expect.objectContaining({ id: b.id }), number: 2, asAt: "2026-12-20" }),
      expect.objectContaining({ id: draftA.id, project: expect.objectContaining({ id: a.id }), number: 1, amountDue: draftA.amountDue }),
    ]);
    expect(overview.awaitingCertification[0]).toMatchObject({ grossValue: draftB.grossValue, amountDue: draftB.amountDue });
    expect(draftB.amountDue).toBe(442_600_000 - 22_130_000 - first.amountDue);

    // Signed contracts first, then the active projects without one (the site's portfolio among them); no request.
    const ours = [a.id, b.id, unsigned];
    expect(overview.budgetVsCertified.filter((line) => ours.includes(line.project.id))).toEqual([
      {
        project: expect.objectContaining({ id: a.id, status: "in_progress" }),
        contract: { signedOn: "2026-11-20", contractSum: BOQ_SUM + 12_500_000, certifiedToDate: 0, percentCertified: 0 },
        invoiced: 36_000_000,
        paid: 10_500_000,
      },
      {
        project: expect.objectContaining({ id: b.id }),
        // 3,176,000.00 of 5,926,000.00: 53.59… %.
        contract: { signedOn: "2026-11-20", contractSum: BOQ_SUM, certifiedToDate: 317_600_000, percentCertified: 53.6 },
        invoiced: first.amountDue,
        paid: 0,
      },
      { project: expect.objectContaining({ id: unsigned, status: "planning" }), contract: null, invoiced: 0, paid: 0 },
    ]);
    expect(overview.budgetVsCertified.slice(0, 2).map((line) => line.project.id)).toEqual([a.id, b.id]);
    expect(overview.budgetVsCertified.map((line) => line.project.status)).not.toContain("requested");

    // Every total is the sum of its rows.
    for (const bucket of ageingBuckets) expect(overview.ageing[bucket]).toBe(sum(overview.receivables, (row) => row.ageing[bucket]));
    expect(overview.totals).toEqual({
      invoiced: sum(overview.receivables, (row) => row.invoiced),
      paid: sum(overview.receivables, (row) => row.paid),
      awaitingConfirmation: sum(overview.receivables, (row) => row.awaitingConfirmation),
      outstanding: sum(overview.receivables, (row) => row.outstanding),
      contractSum: sum(overview.budgetVsCertified, (row) => row.contract?.contractSum ?? 0),
      certifiedToDate: sum(overview.budgetVsCertified, (row) => row.contract?.certifiedToDate ?? 0),
    });
    expect(overview.totals.awaitingConfirmation).toBe(sum(overview.awaitingConfirmation, (payment) => payment.amount));
    expect(overview.totals).toMatchObject({
      invoiced: 36_000_000 + first.amountDue,
      contractSum: 2 * BOQ_SUM + 12_500_000,
      certifiedToDate: 317_600_000,
    });

    // Once confirmed, a transfer leaves the list and counts as paid.
    await confirm(a.id, awaitingA.id);
    const after = await overviewAs(accounts);
    expect(after.awaitingConfirmation.map((payment) => payment.id)).toEqual([slip.id, again.id]);
    expect(after.receivables.find((row) => row.project.id === a.id)).toMatchObject({
      paid: 18_500_000,
      awaitingConfirmation: 0,
      ageing: { over90: 0 },
    });
  });

  it("answers Accounts, Accounting and admins, with nothing owed on a new installation, and refuses the project office and clients", async () => {
    const fresh = await overviewAs(accounts);
    expect(fresh).toMatchObject({
      totals: { invoiced: 0, paid: 0, awaitingConfirmation: 0, outstanding: 0, contractSum: 0, certifiedToDate: 0 },
      ageing: { notDue: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
      receivables: [],
      awaitingConfirmation: [],
      awaitingCertification: [],
    });
    // The site's portfolio projects are active without a contract: listed as such, with no figure.
    expect(fresh.budgetVsCertified.length).toBeGreaterThan(0);
    for (const line of fresh.budgetVsCertified) expect(line).toMatchObject({ contract: null, invoiced: 0, paid: 0 });
    await overviewAs(await people.staff(`acct-${unique()}@crestbuild.ng`, "Accounting"));
    await overviewAs(await people.admin());
    const client = await people.client(`c-${unique()}@example.com`);
    for (const refused of [office, client]) expect((await call("/accounts/overview", undefined, refused.auth)).status).toBe(403);
    expect((await call("/accounts/overview")).status).toBe(401);
  });
});
