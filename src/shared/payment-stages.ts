import { z } from "zod";
import { rowId } from "./fields.js";

// A project's payment schedule (docs/decisions/140-boq-and-contract.md): stages of a fixed amount, or of a share of the
// contract sum kept in basis points and worked out on each read.

/** More stages than any building contract is paid in: beyond is a mistake. */
export const MAX_PAYMENT_STAGES = 50;
/** Ten trillion naira: a larger stage is a typing mistake (and stays a safe integer of kobo). */
export const MAX_STAGE_AMOUNT_KOBO = 1_000_000_000_000_000;
const BASIS_POINTS_PER_WHOLE = 10_000n;

/** A share of a sum of kobo, given in basis points (3,000 is 30 %): exact, rounded half up to the kobo. */
export function shareOfKobo(sumKobo: number, basisPoints: number): number {
  return Number((BigInt(sumKobo) * BigInt(basisPoints) + BASIS_POINTS_PER_WHOLE / 2n) / BASIS_POINTS_PER_WHOLE);
}

/** A percentage with at most 2 decimals (30, 12.5, 7.25) as basis points. */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

export const paymentStageMessages = {
  oneOfAmountOrPercent: "Give the stage an amount or a percentage of the contract sum, not both.",
  noMilestone: "This milestone is not on the project's schedule.",
  tooMany: `A payment schedule has at most ${MAX_PAYMENT_STAGES} stages.`,
  notFound: "This payment stage does not exist.",
} as const;

/** POST /api/projects/{id}/payment-stages: a stage of `amount` kobo or `percent` of the contract sum, exactly one. */
export const paymentStageSchema = z
  .object({
    name: z.string({ error: "Name the stage." }).trim().min(1, "Name the stage.").max(120, "The stage's name is at most 120 characters."),
    amount: z
      .number({ error: "Give the amount in kobo." })
      .max(MAX_STAGE_AMOUNT_KOBO, "The amount is too large.")
      .int("Give the amount in whole kobo.")
      .positive("The amount must be more than 0.")
      .optional(),
    percent: z
      .number({ error: "Give the percentage as a number." })
      .gt(0, "The percentage is more than 0 and at most 100.")
      .max(100, "The percentage is more than 0 and at most 100.")
      .refine(hasAtMostTwoDecimals, "Give the percentage with at most 2 decimals.")
      .optional(),
    milestoneId: rowId.nullable().optional(),
  })
  .refine((stage) => (stage.amount === undefined) !== (stage.percent === undefined), {
    message: paymentStageMessages.oneOfAmountOrPercent,
    path: ["amount"],
  });
export type PaymentStageInput = z.output<typeof paymentStageSchema>;

export type { PaymentSchedule, PaymentStage, PaymentStageStatus } from "./answers/payment-stages.js";
