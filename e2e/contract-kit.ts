import type { APIRequestContext } from "@playwright/test";
import writeXlsxFile from "write-excel-file/node";
import { expect } from "./fixtures";

/** The glossary's worked example as a quantity surveyor's sheet: three items, 5,926,000.00 naira (under a title row if given). */
export async function workedExampleXlsx(title?: string) {
  const rows = [
    ...(title ? [[title]] : []),
    ["bill", "item", "description", "unit", "quantity", "rate"],
    ["2 Substructure", "2.01", "Excavate foundation trench not exceeding 1.5 m deep", "m3", 48, 4500],
    ["2 Substructure", "2.02", "Concrete grade 20 in strip foundation", "m3", 18, 95000],
    ["4 Walling", "4.01", "225 mm sandcrete block wall", "m2", 320, 12500],
  ];
  const data = await writeXlsxFile(rows.map((row) => row.map((value) => ({ value })))).toBuffer();
  return { name: "boq.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: data };
}

/** The office imports the worked example and records the contract signed (5 % retention) through the API; answers the items' ids by ref. */
export async function signedWorkedExample(request: APIRequestContext, office: { accessToken: string }, projectId: number) {
  const headers = { authorization: `Bearer ${office.accessToken}` };
  expect((await request.post(`/api/projects/${projectId}/boq`, { headers, multipart: { file: await workedExampleXlsx() } })).status()).toBe(
    201,
  );
  const signed = await request.post(`/api/projects/${projectId}/contract`, {
    headers,
    data: { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 },
  });
  expect(signed.status()).toBe(201);
  const boq = (await signed.json()) as { data: { bills: { items: { ref: string; id: number }[] }[] } };
  return Object.fromEntries(boq.data.bills.flatMap((bill) => bill.items.map((item) => [item.ref, item.id])));
}
