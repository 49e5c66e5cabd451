import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, upload, people, createProject } = setUpTestServer();

/** The glossary's worked example: 5,926,000.00 naira, 5 % retention. */
const BOQ = [
  ["bill", "item", "description", "unit", "quantity", "rate"],
  ["2 Substructure", "2.01", "Excavate foundation trench", "m3", 48, 4500],
  ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
  ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
];

let office: SignedIn;
let accounts: SignedIn;
let client: SignedIn;
let projectId: number;
let item: Record<string, number>;
beforeEach(async () => {
  office = await people.staff(`qs-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Projects");
  accounts = await people.staff(`acc-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts");
  client = await people.client(`val-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
  const file = await writeXlsxFile(BOQ.map((row) => row.map((value) => ({ value })))).toBuffer();
  await upload(
    `/projects/${projectId}/boq`,
    [{ field: "file", name: "boq.xlsx", type: "application/octet-stream", data: file }],
    office.auth,
  );
  expect(
    (await call(`/projects/${projectId}/contract`, { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 }, office.auth))
      .status,
  ).toBe(201);
  const boq = await call(`/projects/${projectId}/boq`, undefined, office.auth);
  item = Object.fromEntries(
    boq.body.data.bills.flatMap((bill: { items: { ref: string; id: number }[] }) => bill.items.map((one) => [one.ref, one.id])),
  );
});

const measure = (body: unknown, who = office) => call(`/projects/${projectId}/valuations`, body, who.auth);
const certify = (id: number, who = accounts) => call(`/projects/${projectId}/valuations/${id}/certify`, {}, who.auth);

describe("interim valuations", () => {
  it("computes the glossary's two certificates exactly, and a third with materials on site", async () => {
    const first = await measure({
      asAt: "2026-12-31",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48 },
        { itemId: item["2.02"], quantityToDate: 18 },
        { itemId: item["4.01"], quantityToDate: 100 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      number: 1,
      status: "draft",
      grossValue: 317_600_000,
      retention: 15_880_000,
      lessPrevious: 0,
      amountDue: 301_720_000,
    });
    // The next measurement waits for the certificate.
    expect(await measure({ asAt: "2027-01-31", lines: [] })).toMatchObject({ status: 409, body: { error: "draft_waiting" } });
    expect((await certify(first.body.data.id)).body.data).toMatchObject({ status: "certified", certifiedBy: { id: accounts.id } });
    expect(await certify(first.body.data.id)).toMatchObject({ status: 409, body: { error: "already_certified" } });

    const second = await measure({
      asAt: "2027-01-31",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48 },
        { itemId: item["2.02"], quantityToDate: 18 },
        { itemId: item["4.01"], quantityToDate: 320 },
      ],
    });
    expect(second.body.data).toMatchObject({
      grossValue: 592_600_000,
      retention: 29_630_000,
      lessPrevious: 301_720_000,
      amountDue: 261_250_000,
    });
    await certify(second.body.data.id);

    // A variation approved after signing is measured like an item; materials delivered count at cost.
    const raised = await call(
      `/projects/${projectId}/variations`,
      { title: "Extra wall", reason: "Client's request", lines: [{ description: "Block wall", unit: "m2", quantity: 10, rate: 12500.5 }] },
      office.auth,
    );
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const variationLineId = raised.body.data.lines[0].id;
    const pending = await measure({ asAt: "2027-02-28", lines: [{ variationLineId, quantityToDate: 10 }] });
    expect(pending.body.fields).toEqual({ "lines.0": "Choose a line of an approved variation of this project." });
    await call(`/projects/${projectId}/variations/${raised.body.data.id}/approve`, { password: TEST_PASSWORD }, client.auth);
    const third = await measure({
      asAt: "2027-02-28",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48 },
        { itemId: item["2.02"], quantityToDate: 18 },
        { itemId: item["4.01"], quantityToDate: 320 },
        { variationLineId, quantityToDate: 7.5 },
      ],
      materialsOnSite: 150000.55,
    });
    // 7.5 × 12,500.50 = 93,753.75; gross 5,926,000 + 93,753.75 + 150,000.55 = 6,169,754.30; retention 308,487.715 → 308,487.72.
    expect(third.body.data).toMatchObject({
      grossValue: 616_975_430,
      retention: 30_848_772,
      lessPrevious: 301_720_000 + 261_250_000,
      amountDue: 616_975_430 - 30_848_772 - 562_970_000,
      lines: [{ ref: "2.01" }, { ref: "2.02" }, { ref: "4.01" }, { ref: "V1", valueToDate: 9_375_375 }],
    });
    const listed = await call(`/projects/${projectId}/valuations`, undefined, client.auth);
    expect(listed.body.data.items.map((one: { number: number }) => one.number)).toEqual([3, 2, 1]);
    // Every certificate's gross is the sum of its lines and materials.
    for (const one of listed.body.data.items)
      expect(one.grossValue).toBe(
        one.lines.reduce((sum: number, line: { valueToDate: number }) => sum + line.valueToDate, 0) + one.materialsOnSite,
      );
  });

  it("refuses lines that are not the project's, twice measured, or dated before the last", async () => {
    const other = await createProject(office, { clientId: client.id });
    const strangers = await measure({ asAt: "2026-12-31", lines: [{ itemId: 999_999, quantityToDate: 1 }] });
    expect(strangers.body.fields).toEqual({ "lines.0": "Choose an item of this project's BOQ." });
    const twice = await measure({
      asAt: "2026-12-31",
      lines: [
        { itemId: item["2.01"], quantityToDate: 1 },
        { itemId: item["2.01"], quantityToDate: 2 },
      ],
    });
    expect(twice.body.fields).toEqual({ "lines.1": "This line is measured twice." });
    const both = await measure({ asAt: "2026-12-31", lines: [{ itemId: item["2.01"], variationLineId: 1, quantityToDate: 1 }] });
    expect(both.body.fields).toEqual({ "lines.0.itemId": "Name a BOQ item (itemId) or a variation line (variationLineId), not both." });
    const first = await measure({ asAt: "2026-12-31", lines: [{ itemId: item["2.01"], quantityToDate: 10 }] });
    await certify(first.body.data.id);
    expect((await measure({ asAt: "2026-12-01", lines: [] })).body.fields).toEqual({
      asAt: "A valuation cannot be dated before the previous one (2026-12-31).",
    });
    expect(await call(`/projects/${other}/valuations`, { asAt: "2026-12-31", lines: [] }, office.auth)).toMatchObject({
      status: 409,
      body: { error: "contract_not_signed" },
    });
  });

  it("is measured by the project office and certified by Accounts only; outsiders get 404", async () => {
    const body = { asAt: "2026-12-31", lines: [{ itemId: item["2.01"], quantityToDate: 1 }] };
    expect((await measure(body, client)).status).toBe(403);
    expect((await measure(body, accounts)).status).toBe(403);
    const draft = await measure(body);
    expect((await certify(draft.body.data.id, office)).status).toBe(403);
    expect((await certify(draft.body.data.id, client)).status).toBe(403);
    const stranger = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await call(`/projects/${projectId}/valuations`, undefined, stranger.auth)).status).toBe(404);
    expect((await measure(body, stranger)).status).toBe(404);
    expect((await certify(draft.body.data.id, stranger)).status).toBe(404);
    const other = await createProject(office, { clientId: client.id });
    expect((await call(`/projects/${other}/valuations/${draft.body.data.id}/certify`, {}, accounts.auth)).status).toBe(404);
  });
});
