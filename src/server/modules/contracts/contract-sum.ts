import { and, eq } from "drizzle-orm";
import { lineAmountKobo } from "../../../shared/boq.js";
import type { AppDb } from "../../db/client.js";
import { boqItems, variationLines, variations } from "../../db/schema.js";

/**
 * The BOQ's sum: each line's amount to the kobo, summed. Only the quantities and rates are read, so that a
 * figure on a 5,000-line BOQ does not read every description (the statement, the payment schedule).
 */
export async function boqSumOf(db: AppDb, projectId: number): Promise<number> {
  const lines = await db
    .select({ quantityMilli: boqItems.quantityMilli, rateKobo: boqItems.rateKobo })
    .from(boqItems)
    .where(eq(boqItems.projectId, projectId));
  return lines.reduce((sum, line) => sum + lineAmountKobo(line.quantityMilli, line.rateKobo), 0);
}

/** The contract sum now: the BOQ's sum and the totals of the approved variations, each line to the kobo. */
export async function contractSumOf(db: AppDb, projectId: number): Promise<number> {
  const boqSum = await boqSumOf(db, projectId);
  const approved = await db
    .select({ quantityMilli: variationLines.quantityMilli, rateKobo: variationLines.rateKobo })
    .from(variationLines)
    .innerJoin(variations, eq(variations.id, variationLines.variationId))
    .where(and(eq(variations.projectId, projectId), eq(variations.status, "approved")));
  return approved.reduce((sum, line) => sum + lineAmountKobo(line.quantityMilli, line.rateKobo), boqSum);
}
