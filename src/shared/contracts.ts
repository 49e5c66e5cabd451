import { z } from "zod";

// The contract of a project: its bill of quantities and its signing (docs/decisions/140-boq-and-contract.md).

/** The columns a BOQ file names in its header row, in any order (others, like an amount, are ignored). */
export const boqColumns = ["bill", "item", "description", "unit", "quantity", "rate"] as const;
export type BoqColumn = (typeof boqColumns)[number];

/** More lines than a large estate's BOQ: beyond is not a bill of quantities. */
export const MAX_BOQ_LINES = 10_000;
export const BOQ_MAX_BYTES = 10 * 1024 * 1024;

export const boqMessages = {
  noFile: "Choose the BOQ file (XLSX or CSV).",
  oneFile: "Send one BOQ file.",
  tooLarge: "The BOQ file must be 10 MB or smaller.",
  unreadable: "This file cannot be read as an XLSX or CSV spreadsheet.",
  missingColumns: (missing: readonly string[]) =>
    `The first row must name the columns bill, item, description, unit, quantity and rate; missing: ${missing.join(", ")}.`,
  blank: (field: string) => `The ${field} is empty.`,
  tooLong: (field: string, limit: number) => `The ${field} is longer than ${limit} characters.`,
  badNumber: (field: "quantity" | "rate", written: string) =>
    field === "quantity"
      ? `"${written}" is not a quantity: a number of 0 or more, with at most 3 decimals.`
      : `"${written}" is not a rate: naira of 0 or more, with at most 2 decimals (kobo).`,
  duplicateItem: (ref: string, row: number) => `Item ${ref} is already on row ${row}.`,
  noLines: "The file has a header but no item under it.",
  tooManyLines: `A BOQ has at most ${MAX_BOQ_LINES.toLocaleString("en-NG")} lines.`,
  unreadableRows: (count: number) =>
    count === 1 ? "One row of the BOQ cannot be read: nothing was saved." : `${count} rows of the BOQ cannot be read: nothing was saved.`,
  fixed: "The contract is signed, so its BOQ is fixed: raise a variation to change the work.",
  noBoq: "Import the BOQ before recording the contract as signed.",
  alreadySigned: "The contract is already recorded as signed.",
} as const;

/** POST /api/projects/{id}/contract: the contract as signed. */
export const contractSigningSchema = z.object({
  signedOn: z.iso.date({ error: "Give the signing date as YYYY-MM-DD." }),
  retentionPercent: z
    .number({ error: "Give the retention as a percentage." })
    .min(0, "The retention is between 0 and 20 %.")
    .max(20, "The retention is between 0 and 20 %.")
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      message: "Give the retention with at most 2 decimals.",
    }),
  defectsPeriodDays: z
    .number({ error: "Give the defects liability period in days." })
    .int("Give the defects liability period in whole days.")
    .min(0, "The defects liability period is between 0 and 1,095 days.")
    .max(1095, "The defects liability period is between 0 and 1,095 days."),
});
export type ContractSigningInput = z.input<typeof contractSigningSchema>;

export type { BoqAnswer, BoqImport, ProjectContract } from "./answers/contracts.js";
