import writeXlsxFile from "write-excel-file/node";
import type { FormFile } from "./api";

/** One BOQ item as the bench writes it: its quantity in thousandths and its rate in kobo, integers. */
export type BenchBoqLine = { bill: string; ref: string; description: string; unit: string; quantityMilli: number; rateKobo: number };

const HEADER = ["bill", "item", "description", "unit", "quantity", "rate"];
const UNITS = ["m3", "m2", "m", "nr", "kg", "item"];
const ITEMS_PER_BILL = 100;

/** A thousandths or hundredths integer as the decimal a quantity surveyor types: 12345 at 3 places is "12.345". */
const decimal = (scaled: number, places: number) => {
  const text = String(scaled).padStart(places + 1, "0");
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
};

/** `count` items in bills of 100, with quantities to the thousandth and rates to the kobo, varied but repeatable. */
export function boqLines(count: number): BenchBoqLine[] {
  return Array.from({ length: count }, (_, index) => {
    const bill = Math.floor(index / ITEMS_PER_BILL) + 1;
    return {
      bill: `${bill} Bill ${bill}`,
      ref: `${bill}.${String((index % ITEMS_PER_BILL) + 1).padStart(3, "0")}`,
      description: `Item ${index + 1}: supply and fix, as drawing A-${(index % 40) + 1}`,
      unit: UNITS[index % UNITS.length] ?? "nr",
      quantityMilli: ((index * 7_919) % 500_000) + 1,
      rateKobo: ((index * 104_729) % 5_000_000) + 50,
    };
  });
}

/** The contract sum worked out apart from the server: each quantity × rate rounded half up to the kobo, in BigInt. */
export const expectedContractSum = (lines: readonly BenchBoqLine[]) =>
  Number(lines.reduce((sum, line) => sum + (BigInt(line.quantityMilli) * BigInt(line.rateKobo) + 500n) / 1000n, 0n));

/** The BOQ as a quantity surveyor's XLSX: a title row, the header, then numbers as numbers. */
export async function boqXlsx(lines: readonly BenchBoqLine[]): Promise<FormFile> {
  const rows = [
    [{ value: "Crestbuild: bill of quantities" }],
    HEADER.map((value) => ({ value })),
    ...lines.map((line) => [
      { value: line.bill },
      { value: line.ref },
      { value: line.description },
      { value: line.unit },
      { value: Number(decimal(line.quantityMilli, 3)), type: Number },
      { value: Number(decimal(line.rateKobo, 2)), type: Number },
    ]),
  ];
  const data = await writeXlsxFile(rows).toBuffer();
  return { field: "file", name: "boq.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data };
}

/** The BOQ as a CSV, every cell quoted. */
export function boqCsv(lines: readonly BenchBoqLine[]): FormFile {
  const quoted = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");
  const rows = lines.map((line) =>
    quoted([line.bill, line.ref, line.description, line.unit, decimal(line.quantityMilli, 3), decimal(line.rateKobo, 2)]),
  );
  return { field: "file", name: "boq.csv", type: "text/csv", data: Buffer.from([quoted(HEADER), ...rows].join("\r\n")) };
}
