import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { Statement } from "../../../shared/invoices.js";
import { lagosDay } from "../../../shared/lagos-time.js";
import { pngImage } from "../../testing/images.js";
import { mailText } from "../../testing/mail-catcher.js";
import { pdfTextOf } from "../../testing/pdf.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, upload, people, createProject, server, mail } = setUpTestServer();

/** The glossary's worked example: 5,926,000.00 naira, 5 % retention. */
const BOQ = [
  ["bill", "item", "description", "unit", "quantity", "rate"],
  ["2 Substructure", "2.01", "Excavate foundation trench", "m3", 48, 4500],
  ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
  ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
];
const today = () => lagosDay(new Date());
const year = () => today().slice(0, 4);
const unique = () => crypto.randomUUID().slice(0, 8);

let office: SignedIn;
let accounts: SignedIn;
let client: SignedIn;
let projectId: number;
let item: Record<string, number>;

/** A project with the glossary's BOQ, signed with 5 % retention and no defects period. */
async function signedProject(owner: SignedIn) {
  const id = await createProject(office, { clientId: owner.id });
  const file = await writeXlsxFile(BOQ.map((row) => row.map((value) => ({ value })))).toBuffer();
  await upload(`/projects/${id}/boq`, [{ field: "file", name: "boq.xlsx", type: "application/octet-stream", data: file }], office.auth);
  const signed = await call(`/projects/${id}/contract`, { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 0 }, office.auth);
  expect(signed.status).toBe(201);
  return id;
}

beforeEach(async () => {
  office = await people.staff(`qs-${unique()}@crestbuild.ng`, "Projects");
  accounts = await people.staff(`acc-${unique()}@crestbuild.ng`, "Accounts");
  client = await people.client(`inv-${unique()}@example.com`);
  projectId = await signedProject(client);
  const boq = await call(`/projects/${projectId}/boq`, undefined, office.auth);
  item = Object.fromEntries(
    boq.body.data.bills.flatMap((bill: { items: { ref: string; id: number }[] }) => bill.items.map((one) => [one.ref, one.id])),
  );
});

/** Valuation 1 of the glossary (amount due 3,017,200.00), certified. */
async function certifiedValuation(
  quantities: [string, number][] = [
    ["2.01", 48],
    ["2.02", 18],
    ["4.01", 100],
  ],
  asAt = "2026-11-25",
) {
  const measured = await call(
    `/projects/${projectId}/valuations`,
    { asAt, lines: quantities.map(([ref, quantityToDate]) => ({ itemId: item[ref], quantityToDate })) },
    office.auth,
  );
  expect(measured.status, JSON.stringify(measured.body)).toBe(201);
  expect((await call(`/projects/${projectId}/valuations/${measured.body.data.id}/certify`, {}, accounts.auth)).status).toBe(200);
  return measured.body.data as { id: number; amountDue: number; retention: number; grossValue: number };
}

const invoice = (body: Record<string, unknown>, who = accounts) =>
  call(`/projects/${projectId}/invoices`, { dueOn: today(), ...body }, who.auth);

const pay = async (fields: Record<string, string | number>, who = client, proof: Buffer | null = null) =>
  upload(
    `/projects/${projectId}/payments`,
    [{ field: "proof", name: "slip.png", type: "image/png", data: proof ?? (await pngImage(60, 40)) }],
    who.auth,
    Object.fromEntries(
      Object.entries({ paidOn: today(), reference: `TRF-${unique()}`, ...fields }).map(([key, value]) => [key, String(value)]),
    ),
  );

const statementOf = async (who = client): Promise<Statement> => {
  const answer = await call(`/projects/${projectId}/statement`, undefined, who.auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

/** Every total of the statement is the sum of its lines, and the running balance ends at the balance due. */
function expectAddsUp(statement: Statement) {
  const total = (pick: (line: Statement["lines"][number]) => number) => statement.lines.reduce((sum, line) => sum + pick(line), 0);
  expect(statement.invoiced).toBe(total((line) => (line.kind === "invoice" ? line.amount : 0)));
  expect(statement.invoiced).toBe(total((line) => line.debit));
  expect(statement.paid).toBe(total((line) => line.credit));
  expect(statement.paid).toBe(total((line) => (line.kind === "payment" && line.status === "confirmed" ? line.amount : 0)));
  expect(statement.awaitingConfirmation).toBe(total((line) => (line.status === "awaiting_confirmation" ? line.amount : 0)));
  expect(statement.approvedVariations).toBe(total((line) => (line.kind === "variation" ? line.amount : 0)));
  expect(statement.contractSum).toBe(statement.originalContractSum + statement.approvedVariations);
  expect(statement.balanceDue).toBe(statement.invoiced - statement.paid);
  expect(statement.lines.at(-1)?.balance ?? 0).toBe(statement.balanceDue);
  expect(statement.payers.reduce((sum, payer) => sum + payer.paid, 0)).toBe(statement.paid);
  const days = statement.lines.map((line) => line.on);
  expect(days).toEqual([...days].sort());
}

describe("invoices", () => {
  it("invoice a certified valuation once, as a PDF with the company's bank account, and tell the client", async () => {
    const valuation = await certifiedValuation();
    const issued = await invoice({ valuationId: valuation.id, dueOn: "2099-01-31" });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.data).toMatchObject({
      kind: "valuation",
      amount: 301_720_000,
      paid: 0,
      balance: 301_720_000,
      status: "unpaid",
      dueOn: "2099-01-31",
      description: "Interim certificate No. 1 (work to 2026-11-25)",
    });
    expect(issued.body.data.number).toMatch(new RegExp(`^INV-${year()}-\\d{4}$`));
    expect(await invoice({ valuationId: valuation.id })).toMatchObject({ status: 409, body: { error: "already_invoiced" } });

    const pdf = await fetch(server().url(`/api/projects/${projectId}/invoices/${issued.body.data.id}/invoice.pdf`), {
      headers: client.auth,
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { text } = await pdfTextOf(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [issued.body.data.number, "NGN 3,017,200.00", "Crestbuild Construction Ltd", "1012345678", "ZEIBNGLA"])
      expect(text).toContain(expected);

    const told = await mail().latestTo(client.email, issued.body.data.number);
    expect(mailText(told)).toContain("3,017,200.00");
  });

  it("refuse a draft valuation, a stage not due, another project's valuation and anyone outside Accounts", async () => {
    const draft = await call(
      `/projects/${projectId}/valuations`,
      { asAt: "2026-11-25", lines: [{ itemId: item["2.01"], quantityToDate: 10 }] },
      office.auth,
    );
    expect(await invoice({ valuationId: draft.body.data.id })).toMatchObject({ status: 409, body: { error: "not_certified" } });
    expect(await invoice({ valuationId: draft.body.data.id }, office)).toMatchObject({ status: 403 });
    expect(await invoice({ valuationId: draft.body.data.id }, client)).toMatchObject({ status: 403 });
    expect(await invoice({ valuationId: 999_999 })).toMatchObject({
      status: 400,
      body: { fields: { valuationId: "Choose a valuation of this project." } },
    });
    expect(await invoice({ valuationId: draft.body.data.id, stageId: 1 })).toMatchObject({ status: 400 });
    expect(await invoice({ valuationId: draft.body.data.id, dueOn: "2020-01-01" })).toMatchObject({
      status: 400,
      body: { fields: { dueOn: "The due date cannot be before today." } },
    });

    const milestone = await call(`/projects/${projectId}/milestones`, { title: "Roof", dueDate: "2027-03-01" }, office.auth);
    expect(milestone.status, JSON.stringify(milestone.body)).toBe(201);
    const schedule = await call(
      `/projects/${projectId}/payment-stages`,
      { name: "Roof", percent: 20, milestoneId: milestone.body.data.milestone.id },
      office.auth,
    );
    const roof = schedule.body.data.stages[0];
    expect(await invoice({ stageId: roof.id })).toMatchObject({ status: 409, body: { error: "stage_not_due" } });

    const stranger = await people.client(`other-${unique()}@example.com`);
    const elsewhere = await signedProject(stranger);
    const foreign = await call(`/projects/${elsewhere}/payment-stages`, { name: "Mobilisation", percent: 30 }, office.auth);
    expect(await invoice({ stageId: foreign.body.data.stages[0].id })).toMatchObject({
      status: 400,
      body: { fields: { stageId: expect.any(String) } },
    });
  });

  it("number 20 invoices issued at once without a gap, refused ones taking no number", async () => {
    for (let stage = 0; stage < 20; stage += 1)
      await call(`/projects/${projectId}/payment-stages`, { name: `Instalment ${stage + 1}`, amount: 1_000_000 + stage }, office.auth);
    const { stages } = (await call(`/projects/${projectId}/payment-stages`, undefined, office.auth)).body.data;
    const draft = await call(`/projects/${projectId}/valuations`, { asAt: "2026-11-25", lines: [] }, office.auth);
    const answers = await Promise.all([
      ...stages.map((stage: { id: number }) => invoice({ stageId: stage.id })),
      ...Array.from({ length: 5 }, () => invoice({ valuationId: draft.body.data.id })),
    ]);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    const sequences = answers
      .filter((answer) => answer.status === 201)
      .map((answer) => Number(answer.body.data.number.slice(-4)))
      .sort((a, b) => a - b);
    const firstNumber = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => firstNumber + index));
    // The next one follows straight on.
    const mobilisation = await call(`/projects/${projectId}/payment-stages`, { name: "Late stage", amount: 5_000 }, office.auth);
    const last = mobilisation.body.data.stages.at(-1);
    const next = await invoice({ stageId: last.id });
    expect(Number(next.body.data.number.slice(-4))).toBe(firstNumber + 20);
    // An invoiced stage stays on the schedule.
    expect(await call(`/projects/${projectId}/payment-stages/${last.id}`, undefined, office.auth, "DELETE")).toMatchObject({
      status: 409,
      body: { error: "stage_invoiced" },
    });
  });

  it("describe each line of the statement by what it invoices, and state the retention the certificates hold", async () => {
    const valuation = await certifiedValuation();
    const schedule = await call(`/projects/${projectId}/payment-stages`, { name: "Mobilisation", percent: 10 }, office.auth);
    const byValuation = (await invoice({ valuationId: valuation.id })).body.data;
    const byStage = (await invoice({ stageId: schedule.body.data.stages[0].id })).body.data;
    const statement = await statementOf();
    expect(statement).toMatchObject({ certifiedToDate: 317_600_000, retentionHeld: 15_880_000 });
    expect(statement.lines.map((line) => [line.reference, line.description, line.debit])).toEqual([
      [byValuation.number, "Interim certificate No. 1 (work to 2026-11-25)", 301_720_000],
      [byStage.number, "Stage: Mobilisation", 59_260_000],
    ]);
    expectAddsUp(statement);
  });

  it("release the retention by invoice once the defects liability period has ended", async () => {
    await certifiedValuation([
      ["2.01", 48],
      ["2.02", 18],
      ["4.01", 320],
    ]);
    expect(await invoice({ releaseRetention: true })).toMatchObject({ status: 409, body: { error: "not_completed" } });
    const completed = await call(`/projects/${projectId}`, { completedOn: "2099-01-01" }, office.auth, "PUT");
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(await invoice({ releaseRetention: true })).toMatchObject({ status: 409, body: { error: "defects_period_running" } });
    await call(`/projects/${projectId}`, { completedOn: "2026-11-01" }, office.auth, "PUT");
    const released = await invoice({ releaseRetention: true });
    expect(released.body.data).toMatchObject({ kind: "retention", amount: 29_630_000, description: "Release of retention" });
    expect(await invoice({ releaseRetention: true })).toMatchObject({ status: 409, body: { error: "no_retention" } });
    const statement = await statementOf();
    expect(statement).toMatchObject({ certifiedToDate: 592_600_000, retentionHeld: 0, invoiced: 29_630_000 });
    expectAddsUp(statement);
  });
});

describe("payments by transfer", () => {
  it("record a part payment with its proof, confirm it with a receipt, and add up the statement at each step", async () => {
    const valuation = await certifiedValuation();
    const issued = (await invoice({ valuationId: valuation.id })).body.data;
    expectAddsUp(await statementOf());

    const recorded = await pay({ invoiceId: issued.id, amount: 100_000_000, reference: "ZEN 2026 555" });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.data).toMatchObject({
      status: "awaiting_confirmation",
      settles: "part",
      payer: { id: client.id },
      invoiceNumber: issued.number,
      receiptNumber: null,
      proof: { contentType: "image/png", fileName: "slip.png" },
    });
    let statement = await statementOf();
    expect(statement).toMatchObject({ invoiced: 301_720_000, paid: 0, awaitingConfirmation: 100_000_000, balanceDue: 301_720_000 });
    expectAddsUp(statement);
    // Accounts are told of it.
    expect(mailText(await mail().latestTo(accounts.email, issued.number))).toContain("ZEN 2026 555");

    const proof = await fetch(server().url(recorded.body.data.proof.url), { headers: accounts.auth });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/png");
    expect(
      createHash("sha256")
        .update(Buffer.from(await proof.arrayBuffer()))
        .digest("hex"),
    ).toBe(recorded.body.data.proof.sha256);

    const confirmed = await call(`/projects/${projectId}/payments/${recorded.body.data.id}/confirm`, {}, accounts.auth);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.receiptNumber).toMatch(new RegExp(`^RCT-${year()}-\\d{4}$`));
    statement = await statementOf();
    expect(statement).toMatchObject({ paid: 100_000_000, awaitingConfirmation: 0, balanceDue: 201_720_000 });
    expect(statement.lines.find((line) => line.kind === "payment")).toMatchObject({
      reference: confirmed.body.data.receiptNumber,
      credit: 100_000_000,
      description: expect.stringContaining("part payment"),
    });
    expectAddsUp(statement);
    const invoices = (await call(`/projects/${projectId}/invoices`, undefined, client.auth)).body.data.items;
    expect(invoices[0]).toMatchObject({ status: "part_paid", paid: 100_000_000, balance: 201_720_000 });

    const receipt = await fetch(server().url(`/api/projects/${projectId}/payments/${recorded.body.data.id}/receipt.pdf`), {
      headers: client.auth,
    });
    const { text } = await pdfTextOf(Buffer.from(await receipt.arrayBuffer()));
    for (const expected of [confirmed.body.data.receiptNumber, "NGN 1,000,000.00", issued.number, "NGN 2,017,200.00"])
      expect(text).toContain(expected);
    await mail().latestTo(client.email, confirmed.body.data.receiptNumber);

    // The rest, and more: an overpayment is shown as such, and the balance goes below nothing.
    const over = await pay({ invoiceId: issued.id, amount: 210_000_000 });
    expect(over.body.data.settles).toBe("over");
    await call(`/projects/${projectId}/payments/${over.body.data.id}/confirm`, {}, accounts.auth);
    statement = await statementOf();
    expect(statement.balanceDue).toBe(-8_280_000);
    expect((await call(`/projects/${projectId}/invoices/${issued.id}`, undefined, client.auth)).body.data.status).toBe("overpaid");
    expectAddsUp(statement);

    const csv = await fetch(server().url(`/api/projects/${projectId}/statement.csv`), { headers: client.auth });
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe("date,kind,reference,description,payer,status,amount,debit,credit,balance");
    expect(rows.at(-1)).toMatch(/,-82800$/);
    const statementPdf = await fetch(server().url(`/api/projects/${projectId}/statement.pdf`), { headers: client.auth });
    expect((await pdfTextOf(Buffer.from(await statementPdf.arrayBuffer()))).text).toContain("-NGN 82,800.00");
  });

  it("count one payment once under 10 confirmations at once, and refuse to confirm one transfer twice", async () => {
    const issued = (await invoice({ valuationId: (await certifiedValuation()).id })).body.data;
    const first = await pay({ invoiceId: issued.id, amount: 50_000_000, reference: "GTB-778899" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(`/projects/${projectId}/payments/${first.body.data.id}/confirm`, {}, accounts.auth)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409 && answer.body.error === "already_decided")).toHaveLength(9);
    let statement = await statementOf();
    expect(statement.paid).toBe(50_000_000);
    expectAddsUp(statement);

    // The same slip sent again (spaced and cased differently) is flagged, and cannot be confirmed.
    const again = await pay({ invoiceId: issued.id, amount: 50_000_000, reference: "gtb-778 899" });
    expect(again.body.data.possibleDuplicateOf).toEqual([first.body.data.id]);
    expect(await call(`/projects/${projectId}/payments/${again.body.data.id}/confirm`, {}, accounts.auth)).toMatchObject({
      status: 409,
      body: { error: "duplicate_transfer" },
    });
    const rejected = await call(
      `/projects/${projectId}/payments/${again.body.data.id}/reject`,
      { reason: "Already paid on the same transfer." },
      accounts.auth,
    );
    expect(rejected.body.data).toMatchObject({ status: "rejected", rejectReason: "Already paid on the same transfer.", settles: null });
    expect(await call(`/projects/${projectId}/payments/${again.body.data.id}/confirm`, {}, accounts.auth)).toMatchObject({ status: 409 });
    expect(mailText(await mail().latestTo(client.email))).toContain("Already paid on the same transfer.");
    statement = await statementOf();
    expect(statement.paid).toBe(50_000_000);
    expect(statement.lines.filter((line) => line.kind === "payment")).toHaveLength(1);
    expectAddsUp(statement);
  });

  it("refuse a transfer without proof, with a file that is not an image or PDF, for another project's invoice or in the future", async () => {
    const issued = (await invoice({ valuationId: (await certifiedValuation()).id })).body.data;
    const noProof = await upload(`/projects/${projectId}/payments`, [], client.auth, {
      invoiceId: String(issued.id),
      amount: "100",
      paidOn: today(),
      reference: "ABC123",
    });
    expect(noProof).toMatchObject({ status: 400, body: { fields: { proof: expect.stringContaining("Attach the proof of payment") } } });
    expect(await pay({ invoiceId: issued.id, amount: 100 }, client, Buffer.from("<html><script>alert(1)</script></html>"))).toMatchObject({
      status: 400,
      body: { fields: { proof: "The proof of payment must be a photo (JPEG, PNG, WebP or HEIC) or a PDF." } },
    });
    const pdfProof = await pay(
      { invoiceId: issued.id, amount: 100 },
      client,
      Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
    );
    expect(pdfProof.body.data.proof).toMatchObject({ contentType: "application/pdf", fileName: "slip.png.pdf" });
    expect(await pay({ invoiceId: issued.id, amount: 0 })).toMatchObject({ status: 400, body: { fields: { amount: expect.any(String) } } });
    expect(await pay({ invoiceId: issued.id, amount: "1e30" })).toMatchObject({
      status: 400,
      body: { fields: { amount: expect.any(String) } },
    });
    expect(await pay({ invoiceId: issued.id, amount: 100, paidOn: "2999-01-01" })).toMatchObject({
      status: 400,
      body: { fields: { paidOn: "The transfer's date cannot be in the future." } },
    });
    const stranger = await people.client(`other-${unique()}@example.com`);
    const elsewhere = await signedProject(stranger);
    expect(await pay({ invoiceId: issued.id, amount: 100 }, stranger)).toMatchObject({ status: 404 });
    const ownStage = await call(`/projects/${elsewhere}/payment-stages`, { name: "Mobilisation", percent: 30 }, office.auth);
    const foreignInvoice = (
      await call(`/projects/${elsewhere}/invoices`, { stageId: ownStage.body.data.stages[0].id, dueOn: today() }, accounts.auth)
    ).body.data;
    expect(await pay({ invoiceId: foreignInvoice.id, amount: 100 })).toMatchObject({
      status: 400,
      body: { fields: { invoiceId: "Choose an invoice of this project." } },
    });
    // Accounts confirm; they do not record transfers for the client.
    expect(await pay({ invoiceId: issued.id, amount: 100 }, accounts)).toMatchObject({ status: 403 });
  });
});

describe("payers and who may see the money", () => {
  it("let the client add a sibling abroad who records their own transfer and has their own line", async () => {
    const sibling = await people.client(`sibling-${unique()}@example.com`);
    expect(await call(`/projects/${projectId}/statement`, undefined, sibling.auth)).toMatchObject({ status: 404 });
    expect(await call(`/projects/${projectId}/payers`, { email: "nobody-here@example.com" }, client.auth)).toMatchObject({
      status: 400,
      body: { error: "no_client_account" },
    });
    expect(await call(`/projects/${projectId}/payers`, { email: accounts.email }, client.auth)).toMatchObject({ status: 400 });
    expect(await call(`/projects/${projectId}/payers`, { email: sibling.email }, office.auth)).toMatchObject({ status: 403 });
    const added = await call(`/projects/${projectId}/payers`, { email: sibling.email.toUpperCase() }, client.auth);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.items).toMatchObject([{ person: { id: sibling.id }, email: sibling.email }]);
    expect(await call(`/projects/${projectId}/payers`, { email: sibling.email }, client.auth)).toMatchObject({
      status: 409,
      body: { error: "already_payer" },
    });

    expect((await call("/paying-for", undefined, sibling.auth)).body.data.items).toEqual([
      { id: projectId, title: expect.any(String), reference: expect.any(String), clientName: expect.any(String) },
    ]);
    expect((await call("/paying-for", undefined, client.auth)).body.data.items).toEqual([]);
    const issued = (await invoice({ valuationId: (await certifiedValuation()).id })).body.data;
    await mail().latestTo(sibling.email, issued.number);
    // Each is sent where they can open it: the client to the project's Money section, the payer to their own page.
    const linkOf = async (who: SignedIn) =>
      (await call("/notifications", undefined, who.auth)).body.data.items.find((item: { kind: string }) => item.kind === "invoice_issued")
        ?.link;
    expect(await linkOf(sibling)).toBe(`/dashboard/paying/${projectId}`);
    expect(await linkOf(client)).toBe(`/dashboard/projects/${projectId}?section=money`);
    // The sibling reads the money, not the rest of the project.
    expect(await call(`/projects/${projectId}`, undefined, sibling.auth)).toMatchObject({ status: 404 });
    const fromSibling = await pay({ invoiceId: issued.id, amount: 20_000_000 }, sibling);
    const fromClient = await pay({ invoiceId: issued.id, amount: 30_000_000 }, client);
    for (const one of [fromSibling, fromClient])
      await call(`/projects/${projectId}/payments/${one.body.data.id}/confirm`, {}, accounts.auth);
    const statement = await statementOf(sibling);
    expect(statement.payers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payer: expect.objectContaining({ id: sibling.id }), paid: 20_000_000 }),
        expect.objectContaining({ payer: expect.objectContaining({ id: client.id }), paid: 30_000_000 }),
      ]),
    );
    expectAddsUp(statement);

    // Removed, the sibling no longer sees the money; their transfer stays on the statement.
    expect((await call(`/projects/${projectId}/payers/${sibling.id}`, undefined, client.auth, "DELETE")).status).toBe(204);
    expect(await call(`/projects/${projectId}/statement`, undefined, sibling.auth)).toMatchObject({ status: 404 });
    expect((await statementOf()).payers).toHaveLength(2);
    expect(await call(`/projects/${projectId}/payers/not-a-uuid`, undefined, client.auth, "DELETE")).toMatchObject({ status: 404 });
  });

  it("answer 404 to a client of another project and 403 to staff outside Projects and Accounts on every new route", async () => {
    const issued = (await invoice({ valuationId: (await certifiedValuation()).id })).body.data;
    const paid = (await pay({ invoiceId: issued.id, amount: 1_000 })).body.data;
    const stranger = await people.client(`stranger-${unique()}@example.com`);
    const engineer = await people.staff(`eng-${unique()}@crestbuild.ng`, "Secretariat");
    const reads = [
      "invoices",
      `invoices/${issued.id}`,
      `invoices/${issued.id}/invoice.pdf`,
      "payments",
      `payments/${paid.id}/proof`,
      "payers",
      "statement",
      "statement.pdf",
      "statement.csv",
    ];
    for (const path of reads) {
      expect((await call(`/projects/${projectId}/${path}`, undefined, stranger.auth)).status, path).toBe(404);
      expect((await call(`/projects/${projectId}/${path}`, undefined, engineer.auth)).status, path).toBe(403);
    }
    const writes: [string, unknown][] = [
      ["invoices", { stageId: 1, dueOn: today() }],
      [`payments/${paid.id}/confirm`, {}],
      [`payments/${paid.id}/reject`, { reason: "No." }],
      ["payers", { email: stranger.email }],
    ];
    for (const [path, body] of writes) {
      expect((await call(`/projects/${projectId}/${path}`, body, stranger.auth)).status, path).toBe(404);
      expect((await call(`/projects/${projectId}/${path}`, body, engineer.auth)).status, path).toBe(403);
    }
    expect((await pay({ invoiceId: issued.id, amount: 1 }, stranger)).status).toBe(404);
    expect((await pay({ invoiceId: issued.id, amount: 1 }, engineer)).status).toBe(403);
    expect(await call(`/projects/${projectId}/payments/${paid.id}/confirm`, {}, client.auth)).toMatchObject({ status: 403 });
    expect(await call(`/projects/${projectId}/payments/99999999999/confirm`, {}, accounts.auth)).toMatchObject({ status: 404 });
  });
});
