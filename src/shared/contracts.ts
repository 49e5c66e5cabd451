import { z } from "zod";
import { parseScaledDecimal, QUANTITY_DECIMALS, RATE_DECIMALS } from "./boq.js";
import { MAX_VALUATION_LINE_PHOTOS } from "./contract-terms.js";

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

/** A variation's line: an addition, or an omission as a negative quantity, at a BOQ rate or a new one. */
const variationLineSchema = z.object({
  description: z
    .string({ error: "Describe the work." })
    .trim()
    .min(1, "Describe the work.")
    .max(2000, "Keep the description under 2,000 characters."),
  unit: z
    .string({ error: "Give the unit." })
    .trim()
    .min(1, "Give the unit (m2, m3, nr, item…).")
    .max(20, "Keep the unit under 20 characters."),
  quantity: z
    .number({ error: "Give the quantity as a number." })
    .refine((value) => value !== 0, "A quantity of 0 changes nothing: leave the line out.")
    .refine((value) => Math.abs(value) <= 1_000_000_000, "The quantity is too large.")
    .refine((value) => parseScaledDecimal(value, QUANTITY_DECIMALS) !== null, "Give the quantity with at most 3 decimals."),
  rate: z
    .number({ error: "Give the rate in naira." })
    .min(0, "The rate cannot be negative: omit work with a negative quantity.")
    .max(1_000_000_000_000, "The rate is too large.")
    .refine((value) => parseScaledDecimal(value, RATE_DECIMALS) !== null, "Give the rate in naira with at most 2 decimals."),
});

/** POST /api/projects/{id}/variations: the office raises a change to the signed contract (rates in naira). */
export const variationSchema = z.object({
  title: z
    .string({ error: "Give the variation a title." })
    .trim()
    .min(1, "Give the variation a title.")
    .max(200, "Keep the title under 200 characters."),
  reason: z
    .string({ error: "Say why the work changes." })
    .trim()
    .min(1, "Say why the work changes.")
    .max(2000, "Keep the reason under 2,000 characters."),
  lines: z
    .array(variationLineSchema, { error: "List the work that changes." })
    .min(1, "List the work that changes.")
    .max(200, "A variation has at most 200 lines."),
  daysAdded: z
    .number({ error: "Give the days added as a whole number." })
    .int("Give the days added as a whole number.")
    .min(-365, "Between -365 and 3,650 days.")
    .max(3650, "Between -365 and 3,650 days.")
    .default(0),
});
export type VariationInput = z.input<typeof variationSchema>;

/** POST …/variations/{variationId}/decline: the client says why. */
export const variationDeclineSchema = z.object({
  reason: z
    .string({ error: "Say why you decline it." })
    .trim()
    .min(1, "Say why you decline it.")
    .max(1000, "Keep the reason under 1,000 characters."),
});

export const variationStatuses = ["pending", "approved", "declined"] as const;
export type VariationStatus = (typeof variationStatuses)[number];

export const variationMessages = {
  notFound: "Variation not found.",
  notSigned: "Record the contract as signed first: before then, change the BOQ itself.",
  decided: "This variation has already been decided.",
  clientOnly: "Only the project's client approves or declines its variations.",
  tooMany: "A project has at most 500 variations.",
} as const;

/** POST /api/projects/{id}/valuations: the quantity done to date of BOQ items and variation lines, and materials on site (naira). */
export const valuationSchema = z.object({
  asAt: z.iso.date({ error: "Give the valuation date as YYYY-MM-DD." }),
  lines: z
    .array(
      z
        .object({
          itemId: z.number().int().positive().optional(),
          variationLineId: z.number().int().positive().optional(),
          quantityToDate: z
            .number({ error: "Give the quantity done to date." })
            .min(0, "The quantity done cannot be negative.")
            .max(1_000_000_000, "The quantity is too large.")
            .refine((value) => parseScaledDecimal(value, QUANTITY_DECIMALS) !== null, "Give the quantity with at most 3 decimals."),
          /** The project's photos that prove the work measured, shown under the line on the certificate. */
          photoIds: z
            .array(z.number().int().positive(), { error: "Choose the photos by their ids." })
            .max(MAX_VALUATION_LINE_PHOTOS, `A line has at most ${MAX_VALUATION_LINE_PHOTOS} photos.`)
            .refine((ids) => new Set(ids).size === ids.length, "Choose each photo once.")
            .default([]),
        })
        .refine((line) => (line.itemId === undefined) !== (line.variationLineId === undefined), {
          message: "Name a BOQ item (itemId) or a variation line (variationLineId), not both.",
          path: ["itemId"],
        }),
      { error: "List the work measured." },
    )
    .max(10_000, "A valuation has at most 10,000 lines."),
  materialsOnSite: z
    .number({ error: "Give the materials on site in naira." })
    .min(0, "The materials on site cannot be negative.")
    .max(1_000_000_000_000, "The amount is too large.")
    .refine((value) => parseScaledDecimal(value, RATE_DECIMALS) !== null, "Give the amount with at most 2 decimals.")
    .default(0),
});
export type ValuationInput = z.input<typeof valuationSchema>;

export const valuationMessages = {
  notFound: "Valuation not found.",
  notSigned: "Record the contract as signed first: its retention is needed to value the work.",
  draftWaiting: "The last valuation is waiting to be certified: certify it before measuring again.",
  certified: "This valuation is certified and cannot change.",
  unknownItem: "Choose an item of this project's BOQ.",
  unknownVariationLine: "Choose a line of an approved variation of this project.",
  twice: "This line is measured twice.",
  unknownPhotos: "Choose photos of this project's gallery.",
  earlier: (day: string) => `A valuation cannot be dated before the previous one (${day}).`,
} as const;

export type { BoqAnswer, BoqImport, ProjectContract, Valuation, ValuationList, Variation, VariationList } from "./answers/contracts.js";
