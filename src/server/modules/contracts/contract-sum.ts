import { and, asc, eq, inArray } from "drizzle-orm";
import { lineAmountKobo } from "../../../shared/boq.js";
import { groupBy } from "../../../shared/group-by.js";
import type { AppDb } from "../../db/client.js";
import { boqItems, variationLines, variations } from "../../db/schema.js";
import { billsOf } from "./boq.js";

/**
 * The contract sum of each project now: the BOQ's sum and the totals of the approved variations, each line to the
 * kobo. Two queries whatever the number of projects; a project without a BOQ sums to 0.
 */
export async function contractSumsOf(db: AppDb, projectIds: readonly number[]): Promise<Map<number, number>> {
  const sums = new Map(projectIds.map((id) => [id, 0]));
  if (projectIds.length === 0) return sums;
  const ids = [...projectIds];
  const items = await db.select().from(boqItems).where(inArray(boqItems.projectId, ids)).orderBy(asc(boqItems.position));
  for (const [projectId, own] of groupBy(items, (item) => item.projectId)) sums.set(projectId, billsOf(own).contractSum);
  const approved = await db
    .select({ projectId: variations.projectId, quantityMilli: variationLines.quantityMilli, rateKobo: variationLines.rateKobo })
    .from(variationLines)
    .innerJoin(variations, eq(variations.id, variationLines.variationId))
    .where(and(inArray(variations.projectId, ids), eq(variations.status, "approved")));
  for (const line of approved)
    sums.set(line.projectId, (sums.get(line.projectId) ?? 0) + lineAmountKobo(line.quantityMilli, line.rateKobo));
  return sums;
}

/** The contract sum of one project now. */
export const contractSumOf = async (db: AppDb, projectId: number) => (await contractSumsOf(db, [projectId])).get(projectId) ?? 0;
