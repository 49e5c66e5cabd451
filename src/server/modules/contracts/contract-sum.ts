import { and, eq, inArray } from "drizzle-orm";
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

/**
 * The contract sum of each project now: the BOQ's sum and the totals of the approved variations, each line to the
 * kobo. Two queries whatever the number of projects; a project without a BOQ sums to 0.
 */
export async function contractSumsOf(db: AppDb, projectIds: readonly number[]): Promise<Map<number, number>> {
  const sums = new Map(projectIds.map((id) => [id, 0]));
  if (projectIds.length === 0) return sums;
  const ids = [...projectIds];
  const items = await db
    .select({ projectId: boqItems.projectId, quantityMilli: boqItems.quantityMilli, rateKobo: boqItems.rateKobo })
    .from(boqItems)
    .where(inArray(boqItems.projectId, ids));
  const approved = await db
    .select({ projectId: variations.projectId, quantityMilli: variationLines.quantityMilli, rateKobo: variationLines.rateKobo })
    .from(variationLines)
    .innerJoin(variations, eq(variations.id, variationLines.variationId))
    .where(and(inArray(variations.projectId, ids), eq(variations.status, "approved")));
  for (const line of [...items, ...approved])
    sums.set(line.projectId, (sums.get(line.projectId) ?? 0) + lineAmountKobo(line.quantityMilli, line.rateKobo));
  return sums;
}

/** The contract sum of one project now. */
export const contractSumOf = async (db: AppDb, projectId: number) => (await contractSumsOf(db, [projectId])).get(projectId) ?? 0;
