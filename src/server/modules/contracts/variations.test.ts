import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { pdfTextOf } from "../../testing/pdf.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { server, call, upload, people, createProject } = setUpTestServer();

/** The glossary's worked example: 5,926,000.00 naira. */
const BOQ = [
  ["bill", "item", "description", "unit", "quantity", "rate"],
  ["2 Substructure", "2.01", "Excavate foundation trench", "m3", 48, 4500],
  ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
  ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
];

/** A boys' quarters added, and 20 m2 of wall left out. */
const EXTENSION = {
  title: "Boys' quarters extension",
  reason: "The client asked for a second room.",
  lines: [
    { description: "225 mm sandcrete block wall, extension", unit: "m2", quantity: 60, rate: 12500 },
    { description: "Omit wall to the store", unit: "m2", quantity: -20, rate: 12500 },
    { description: "Lintel, new rate", unit: "m", quantity: 4.5, rate: 18333.33 },
  ],
  daysAdded: 14,
};
// 750,000 − 250,000 + 82,499.985 → 82,499.99 (to the kobo, half up): 582,499.99 naira.
const EXTENSION_TOTAL = 58_249_999;

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.staff(`qs-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Projects");
  client = await people.client(`var-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id, targetCompletion: "2027-06-30" });
  const file = await writeXlsxFile(BOQ.map((row) => row.map((value) => ({ value })))).toBuffer();
  const imported = await upload(
    `/projects/${projectId}/boq`,
    [{ field: "file", name: "boq.xlsx", type: "application/octet-stream", data: file }],
    office.auth,
  );
  expect(imported.status).toBe(201);
});

const sign = () =>
  call(`/projects/${projectId}/contract`, { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 }, office.auth);
const raise = (body: unknown = EXTENSION, who = office) => call(`/projects/${projectId}/variations`, body, who.auth);

describe("variations", () => {
  it("waits for the signed contract, then shows the client its effect before they decide", async () => {
    expect(await raise()).toMatchObject({ status: 409, body: { error: "contract_not_signed" } });
    expect((await sign()).status).toBe(201);
    const raised = await raise();
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body.data).toMatchObject({
      number: 1,
      status: "pending",
      total: EXTENSION_TOTAL,
      lines: [{ amount: 75_000_000 }, { quantity: -20, amount: -25_000_000 }, { rate: 1_833_333, amount: 8_249_999 }],
      effect: {
        contractSumBefore: 592_600_000,
        contractSumAfter: 592_600_000 + EXTENSION_TOTAL,
        completionBefore: "2027-06-30",
        completionAfter: "2027-07-14",
      },
    });
    // Pending binds nothing.
    const listed = await call(`/projects/${projectId}/variations`, undefined, client.auth);
    expect(listed.body.data).toMatchObject({ contractSum: 592_600_000, originalContractSum: 592_600_000, completion: "2027-06-30" });
  });

  it("is approved only by the client with a fresh proof, and then moves the sum and the date", async () => {
    await sign();
    const id = (await raise()).body.data.id;
    const approve = (body: unknown, who = client) => call(`/projects/${projectId}/variations/${id}/approve`, body, who.auth);

    expect(await approve({ password: TEST_PASSWORD }, office)).toMatchObject({
      status: 403,
      body: { message: "Only the project's client approves or declines its variations." },
    });
    expect((await approve({})).body.fields).toEqual({ password: "Please enter your password." });
    expect((await approve({ password: "not-my-password" })).status).toBe(400);
    expect((await call(`/projects/${projectId}/variations`, undefined, client.auth)).body.data.items[0].status).toBe("pending");

    const approved = await approve({ password: TEST_PASSWORD });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "approved", decidedBy: { id: client.id } });
    const listed = await call(`/projects/${projectId}/variations`, undefined, office.auth);
    expect(listed.body.data).toMatchObject({
      originalContractSum: 592_600_000,
      contractSum: 592_600_000 + EXTENSION_TOTAL,
      originalCompletion: "2027-06-30",
      completion: "2027-07-14",
    });
    expect(await approve({ password: TEST_PASSWORD })).toMatchObject({ status: 409, body: { error: "already_decided" } });

    // Its record is filed with the project's documents: what changed, and who approved it, when and from where.
    const documents = await call(`/projects/${projectId}/documents`, undefined, client.auth);
    const record = documents.body.data.items.find((document: { fileName: string }) => document.fileName === "variation-V1.pdf");
    expect(record).toMatchObject({
      folder: "contract",
      title: "Variation V1 approved: Boys' quarters extension",
      uploadedBy: { id: client.id },
    });
    const pdf = await fetch(server().url(record.downloadUrl), { headers: client.auth });
    const { text } = await pdfTextOf(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("Variation V1: Boys' quarters extension");
    expect(text).toContain("Total: NGN 582,499.99");
    expect(text).toContain("with a fresh proof of identity");

    // A second variation starts from the varied sum; a declined one changes nothing.
    const second = await raise({ ...EXTENSION, title: "Omit the store", lines: [EXTENSION.lines[1]], daysAdded: -3 });
    expect(second.body.data).toMatchObject({
      number: 2,
      effect: { contractSumBefore: 592_600_000 + EXTENSION_TOTAL, completionBefore: "2027-07-14" },
    });
    const declined = await call(
      `/projects/${projectId}/variations/${second.body.data.id}/decline`,
      { reason: "Keep the store." },
      client.auth,
    );
    expect(declined.body.data).toMatchObject({ status: "declined", declineReason: "Keep the store." });
    expect((await call(`/projects/${projectId}/variations`, undefined, client.auth)).body.data.contractSum).toBe(
      592_600_000 + EXTENSION_TOTAL,
    );
  });

  it("approves once when the client sends two approvals at once", async () => {
    await sign();
    const id = (await raise()).body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 2 }, () => call(`/projects/${projectId}/variations/${id}/approve`, { password: TEST_PASSWORD }, client.auth)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("refuses bad lines with their field, and keeps outsiders out", async () => {
    await sign();
    const bad = await raise({
      title: "",
      reason: "x",
      lines: [{ description: "Wall", unit: "m2", quantity: 0, rate: 1.234 }],
      daysAdded: 1.5,
    });
    expect(bad.body.fields).toEqual({
      title: "Give the variation a title.",
      "lines.0.quantity": "A quantity of 0 changes nothing: leave the line out.",
      "lines.0.rate": "Give the rate in naira with at most 2 decimals.",
      daysAdded: "Give the days added as a whole number.",
    });
    expect((await raise(EXTENSION, client)).status).toBe(403);
    const accounts = await people.staff(`acc-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts");
    expect((await raise(EXTENSION, accounts)).status).toBe(403);
    expect((await call(`/projects/${projectId}/variations`, undefined, accounts.auth)).status).toBe(200);
    const id = (await raise()).body.data.id;
    const stranger = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    for (const [path, body] of [
      [`/projects/${projectId}/variations`, undefined],
      [`/projects/${projectId}/variations`, EXTENSION],
      [`/projects/${projectId}/variations/${id}/approve`, { password: TEST_PASSWORD }],
      [`/projects/${projectId}/variations/${id}/decline`, { reason: "No" }],
    ] as const)
      expect((await call(path, body, stranger.auth)).status).toBe(404);
    // Another project's variation id through this project: not found.
    const other = await createProject(office, { clientId: client.id });
    expect((await call(`/projects/${other}/variations/${id}/approve`, { password: TEST_PASSWORD }, client.auth)).status).toBe(404);
  });
});
