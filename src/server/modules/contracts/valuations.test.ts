import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { formatKobo, NAIRA_CODE } from "../../../shared/naira.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { pdfTextOf } from "../../testing/pdf.js";
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
  office = await people.staff(`qs-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Projects", {
    firstName: "Kunle",
    lastName: "Adeyemi",
  });
  accounts = await people.staff(`acc-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts", {
    firstName: "Ngozi",
    lastName: "Eze",
  });
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

/** A site in Maitama, Abuja, and a position on it: the portal's camera there makes verified photos. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
const ON_SITE = { latitude: "9.08275", longitude: "7.49515", accuracyMetres: "12" };

/** Adds photos to a project's gallery through the real route: from the portal's camera on the site, or from a phone's gallery. */
async function addPhotos(toProject: number, source: "camera" | "library", count: number): Promise<{ id: number; verdict: string }[]> {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      field: "images",
      name: `wall-${index}.jpg`,
      type: "image/jpeg",
      data: await sharp({ create: { width: 64, height: 48, channels: 3, background: `hsl(${index * 40}, 50%, 45%)` } })
        .jpeg()
        .toBuffer(),
    })),
  );
  const repeat = (value: string) => files.map(() => value);
  const fields: Record<string, string[]> =
    source === "camera"
      ? {
          source: repeat("camera"),
          capturedAt: repeat(new Date(Date.now() - 60_000).toISOString()),
          latitude: repeat(ON_SITE.latitude),
          longitude: repeat(ON_SITE.longitude),
          accuracyMetres: repeat(ON_SITE.accuracyMetres),
        }
      : { source: repeat("library") };
  const added = await upload(`/projects/${toProject}/images`, files, office.auth, fields);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.photos;
}

const certificateOf = (id: number, who: SignedIn, project = projectId) =>
  call(`/projects/${project}/valuations/${id}/certificate.pdf`, undefined, who.auth);

describe("a valuation's evidence photos and its certificate", () => {
  beforeEach(async () => {
    expect((await call(`/projects/${projectId}`, { site: SITE }, office.auth, "PUT")).status).toBe(200);
  });

  it("keeps the photos each line names, in order, with their verdicts, and draws them on the certificate", async () => {
    const camera = await addPhotos(projectId, "camera", 2);
    const [library] = await addPhotos(projectId, "library", 1);
    expect(camera.map((photo) => photo.verdict)).toEqual(["verified", "verified"]);
    expect(library?.verdict).toBe("unverified");
    const [second, first] = camera.map((photo) => photo.id);
    const measured = await measure({
      asAt: "2026-12-31",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48, photoIds: [second, library?.id] },
        { itemId: item["2.02"], quantityToDate: 18 },
        { itemId: item["4.01"], quantityToDate: 100.5, photoIds: [first] },
      ],
      materialsOnSite: 250000.25,
    });
    expect(measured.status, JSON.stringify(measured.body)).toBe(201);
    const valuation = measured.body.data;
    expect(valuation.lines.map((line: { photos: { id: number; verdict: string }[] }) => line.photos)).toEqual([
      [
        { id: second, verdict: "verified", capturedAt: expect.any(String) },
        { id: library?.id, verdict: "unverified", capturedAt: null },
      ],
      [],
      [{ id: first, verdict: "verified", capturedAt: expect.any(String) }],
    ]);

    const draft = await certificateOf(valuation.id, client);
    expect(draft.status).toBe(200);
    expect(draft.headers.get("content-type")).toBe("application/pdf");
    expect(draft.headers.get("content-disposition")).toBe(`attachment; filename="interim-certificate-1-project-${projectId}.pdf"`);
    // Each photo's thumbnail is embedded once.
    expect(draft.raw.toString("latin1").match(/\/Subtype \/Image/g)).toHaveLength(3);
    const { text } = await pdfTextOf(draft.raw);
    const naira = (kobo: number) => formatKobo(kobo, NAIRA_CODE);
    // 48 × 4,500 = 216,000; 18 × 95,000 = 1,710,000; 100.5 × 12,500 = 1,256,250; materials 250,000.25.
    const gross = 21_600_000 + 171_000_000 + 125_625_000 + 25_000_025;
    const retention = Math.round(gross * 0.05);
    expect(valuation).toMatchObject({ grossValue: gross, retention, lessPrevious: 0, amountDue: gross - retention });
    for (const said of [
      "Interim certificate No. 1",
      "Valuation as at 31 December 2026.",
      "Draft: not certified",
      "2.01 Excavate foundation trench m3 48 NGN 4,500.00 NGN 216,000.00",
      "2.02 Concrete grade 20 in strip foundation m3 18 NGN 95,000.00 NGN 1,710,000.00",
      "4.01 225 mm sandcrete block wall m2 100.5 NGN 12,500.00 NGN 1,256,250.00",
      "Verified Taken",
      "Unverified",
      `Materials on site ${naira(25_000_025)}`,
      `Gross value to date ${naira(gross)}`,
      `Less retention (5%) ${naira(retention)}`,
      `Less previous certificates ${naira(0)}`,
      `Amount due ${naira(gross - retention)}`,
      "Prepared by Kunle Adeyemi on",
    ])
      expect(text).toContain(said);
    expect(text).not.toContain("Certified by");

    await certify(valuation.id);
    const certified = await pdfTextOf((await certificateOf(valuation.id, client)).raw);
    expect(certified.text).toContain("Certified by Ngozi Eze on");
    expect(certified.text).not.toContain("Draft: not certified");
  });

  it("refuses photos of another project, or too many, on the line that names them, and saves nothing", async () => {
    const other = await createProject(office, { clientId: client.id });
    const [stranger] = await addPhotos(other, "library", 1);
    const [own] = await addPhotos(projectId, "library", 1);
    const foreign = await measure({
      asAt: "2026-12-31",
      lines: [
        { itemId: item["2.01"], quantityToDate: 48, photoIds: [own?.id] },
        { itemId: item["2.02"], quantityToDate: 18, photoIds: [own?.id, stranger?.id] },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ "lines.1.photoIds": "Choose photos of this project's gallery." });
    const thirteen = await measure({
      asAt: "2026-12-31",
      lines: [{ itemId: item["2.01"], quantityToDate: 48, photoIds: Array.from({ length: 13 }, (_, index) => index + 1) }],
    });
    expect(thirteen.body.fields).toEqual({ "lines.0.photoIds": "A line has at most 12 photos." });
    expect((await call(`/projects/${projectId}/valuations`, undefined, office.auth)).body.data.items).toEqual([]);
  });

  it("is drawn for the readers of the project's money only: another project's client gets 404", async () => {
    const draft = await measure({ asAt: "2026-12-31", lines: [{ itemId: item["2.01"], quantityToDate: 1 }] });
    expect((await certificateOf(draft.body.data.id, accounts)).status).toBe(200);
    const stranger = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await certificateOf(draft.body.data.id, stranger)).status).toBe(404);
    const otherProject = await createProject(office, { clientId: stranger.id });
    expect((await certificateOf(draft.body.data.id, stranger, otherProject)).status).toBe(404);
    const marketing = await people.staff(`dm-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Digital Marketing");
    expect((await certificateOf(draft.body.data.id, marketing)).status).toBe(404);
    expect((await certificateOf(999_999, client)).status).toBe(404);
  });
});
