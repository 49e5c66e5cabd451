import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { server, call, upload, people, createProject } = setUpTestServer();

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const header = ["bill", "item", "description", "unit", "quantity", "rate"];
type Line = [string, string, string, string, string | number, string | number];

const xlsx = async (rows: (string | number | null)[][]) => ({
  field: "file",
  name: "boq.xlsx",
  type: XLSX,
  data: await writeXlsxFile(rows.map((row) => row.map((value) => (value === null ? null : { value })))).toBuffer(),
});
const csv = (rows: (string | number)[][]) => ({
  field: "file",
  name: "boq.csv",
  type: "text/csv",
  data: Buffer.from(rows.map((row) => row.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(",")).join("\r\n")),
});

/** The worked example of the glossary: three items, 5,926,000.00 naira. */
const WORKED_EXAMPLE: Line[] = [
  ["2 Substructure", "2.01", "Excavate foundation trench not exceeding 1.5 m deep", "m3", 48, 4500],
  ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, "95,000.00"],
  ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
];

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.staff(`qs-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Projects");
  client = await people.client(`boq-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
});

const importBoq = (file: { field: string; name: string; type: string; data: Buffer }, who = office) =>
  upload(`/projects/${projectId}/boq`, [file], who.auth);

describe("the bill of quantities", () => {
  it("imports the glossary's worked example to 5,926,000.00 naira, in bills with subtotals", async () => {
    const imported = await importBoq(await xlsx([header, ...WORKED_EXAMPLE]));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.data).toEqual({ bills: 2, items: 3, contractSum: 592_600_000 });
    const boq = await call(`/projects/${projectId}/boq`, undefined, client.auth);
    expect(boq.body.data).toMatchObject({
      status: "draft",
      contractSum: 592_600_000,
      contract: null,
      bills: [
        {
          name: "2 Substructure",
          subtotal: 192_600_000,
          items: [
            { ref: "2.01", amount: 21_600_000 },
            { ref: "2.02", rate: 9_500_000 },
          ],
        },
        { name: "4 Walling", subtotal: 400_000_000, items: [{ ref: "4.01", quantity: 320, unit: "m2" }] },
      ],
    });
  });

  it("imports 500 lines with decimals to the exact kobo, from XLSX and from CSV alike", async () => {
    const lines: Line[] = Array.from({ length: 500 }, (_, index) => [
      `${1 + Math.floor(index / 50)} Bill`,
      `${1 + Math.floor(index / 50)}.${String(index % 50).padStart(2, "0")}`,
      `Item ${index}`,
      index % 3 === 0 ? "m3" : "nr",
      `${index + 1}.${String(index % 1000).padStart(3, "0")}`,
      `${(index * 7919) % 100_000}.${String(index % 100).padStart(2, "0")}`,
    ]);
    // quantity × rate in kobo, rounded half up at the kobo, summed: with BigInt, apart from the server's code.
    const expected = lines.reduce((sum, line) => {
      const milli = BigInt(String(line[4]).replace(".", ""));
      const kobo = BigInt(String(line[5]).replace(".", ""));
      return sum + (milli * kobo + 500n) / 1000n;
    }, 0n);
    const fromXlsx = await importBoq(await xlsx([header, ...lines]));
    expect(fromXlsx.body.data).toEqual({ bills: 10, items: 500, contractSum: Number(expected) });
    const fromCsv = await importBoq(csv([header, ...lines]));
    expect(fromCsv.body.data.contractSum).toBe(Number(expected));
    const boq = await call(`/projects/${projectId}/boq`, undefined, office.auth);
    const items = boq.body.data.bills.flatMap((bill: { items: { amount: number }[] }) => bill.items);
    expect(items).toHaveLength(500);
    // Every total is the sum of its lines.
    expect(items.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0)).toBe(Number(expected));
    for (const bill of boq.body.data.bills)
      expect(bill.subtotal).toBe(bill.items.reduce((sum: number, item: { amount: number }) => sum + item.amount, 0));
  });

  it("reports a row it cannot read by row and column with the reason, and keeps the BOQ it had", async () => {
    await importBoq(await xlsx([header, ...WORKED_EXAMPLE]));
    const bad = await importBoq(
      await xlsx([
        ["Crestbuild BOQ, Gwarinpa duplex"],
        header,
        ...WORKED_EXAMPLE.slice(0, 2),
        ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, "twelve thousand"],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: "invalid_boq",
      message: "One row of the BOQ cannot be read: nothing was saved.",
      fields: { "row 5, column F (rate)": '"twelve thousand" is not a rate: naira of 0 or more, with at most 2 decimals (kobo).' },
    });
    const twice = await importBoq(csv([header, WORKED_EXAMPLE[0] as Line, ["2 Substructure", "2.01", "Again", "m3", "1.0005", 1]]));
    expect(twice.body.fields).toEqual({
      "row 3, column B (item)": "Item 2.01 is already on row 2.",
      "row 3, column E (quantity)": '"1.0005" is not a quantity: a number of 0 or more, with at most 3 decimals.',
    });
    const noRate = await importBoq(csv([header.slice(0, 5), ["2", "2.01", "Dig", "m3", 1]]));
    expect(noRate.body.message).toBe(
      "The first row must name the columns bill, item, description, unit, quantity and rate; missing: rate.",
    );
    const notASpreadsheet = await importBoq({ field: "file", name: "boq.xlsx", type: XLSX, data: Buffer.from("PK\u0003\u0004 broken") });
    expect(notASpreadsheet.body.message).toBe("This file cannot be read as an XLSX or CSV spreadsheet.");
    expect((await call(`/projects/${projectId}/boq`, undefined, office.auth)).body.data.contractSum).toBe(592_600_000);
  });

  it("is fixed once the contract is recorded as signed", async () => {
    const early = await call(
      `/projects/${projectId}/contract`,
      { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 },
      office.auth,
    );
    expect(early).toMatchObject({ status: 409, body: { error: "no_boq" } });
    await importBoq(await xlsx([header, ...WORKED_EXAMPLE]));
    const refused = await call(
      `/projects/${projectId}/contract`,
      { signedOn: "20/11/2026", retentionPercent: 25, defectsPeriodDays: 1.5 },
      office.auth,
    );
    expect(refused.body.fields).toEqual({
      signedOn: "Give the signing date as YYYY-MM-DD.",
      retentionPercent: "The retention is between 0 and 20 %.",
      defectsPeriodDays: "Give the defects liability period in whole days.",
    });
    const signed = await call(
      `/projects/${projectId}/contract`,
      { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 },
      office.auth,
    );
    expect(signed.status).toBe(201);
    expect(signed.body.data).toMatchObject({
      status: "fixed",
      contractSum: 592_600_000,
      contract: { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180, recordedBy: { id: office.id } },
    });
    const replaced = await importBoq(await xlsx([header, ...WORKED_EXAMPLE.slice(0, 1)]));
    expect(replaced).toMatchObject({ status: 409, body: { error: "contract_signed" } });
    const again = await call(
      `/projects/${projectId}/contract`,
      { signedOn: "2026-11-21", retentionPercent: 10, defectsPeriodDays: 365 },
      office.auth,
    );
    expect(again.status).toBe(409);
  });

  it("exports as an XLSX that imports back to the same sum", async () => {
    await importBoq(await xlsx([header, ...WORKED_EXAMPLE]));
    const exported = await fetch(server().url(`/api/projects/${projectId}/boq.xlsx`), { headers: client.auth });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe(XLSX);
    const data = Buffer.from(await exported.arrayBuffer());
    const other = await createProject(office, { clientId: client.id });
    // Its subtotal rows, like a QS's headings, have no item, quantity or rate: they are read past.
    const reimported = await upload(`/projects/${other}/boq`, [{ field: "file", name: "boq.xlsx", type: XLSX, data }], office.auth);
    expect(reimported.body.data).toEqual({ bills: 2, items: 3, contractSum: 592_600_000 });
  });

  it("is the client's, the project office's and Accounts' to read; other staff who follow the project 403, anyone else 404", async () => {
    await importBoq(await xlsx([header, ...WORKED_EXAMPLE]));
    const accounts = await people.staff(`acc-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts");
    // The Secretariat follows every project, but not its money.
    const engineer = await people.staff(`sec-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Secretariat");
    expect((await call(`/projects/${projectId}`, undefined, engineer.auth)).status).toBe(200);
    const stranger = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const signing = { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 };

    for (const reader of [client, accounts]) expect((await call(`/projects/${projectId}/boq`, undefined, reader.auth)).status).toBe(200);
    for (const refused of [client, accounts]) {
      expect((await importBoq(await xlsx([header, ...WORKED_EXAMPLE]), refused)).status).toBe(403);
      expect((await call(`/projects/${projectId}/contract`, signing, refused.auth)).status).toBe(403);
    }
    expect((await call(`/projects/${projectId}/boq`, undefined, engineer.auth)).status).toBe(403);
    expect((await fetch(server().url(`/api/projects/${projectId}/boq.xlsx`), { headers: engineer.auth })).status).toBe(403);
    for (const path of [`/projects/${projectId}/boq`, "/projects/999999/boq", "/projects/not-a-number/boq"])
      expect((await call(path, undefined, stranger.auth)).status).toBe(404);
    expect((await importBoq(await xlsx([header, ...WORKED_EXAMPLE]), stranger)).status).toBe(404);
    expect((await call(`/projects/${projectId}/contract`, signing, stranger.auth)).status).toBe(404);
    expect((await fetch(server().url(`/api/projects/${projectId}/boq.xlsx`), { headers: stranger.auth })).status).toBe(404);
  });
});
