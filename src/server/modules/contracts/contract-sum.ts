import { and, eq } from "drizzle-orm";
import { lineAmountKobo } from "../../../shared/boq.js";
import type { AppDb } from "../../db/client.js";
import { variationLines, variations } from "../../db/schema.js";
import { billsOf, boqItemsOf } from "./boq.js";

/** The contract sum now: the BOQ's sum and the totals of the approved variations, each line to the kobo. */
export async function contractSumOf(db: AppDb, projectId: number): Promise<number> {
  const { contractSum } = billsOf(await boqItemsOf(db, projectId));
  const approved = await db
    .select({ quantityMilli: variationLines.quantityMilli, rateKobo: variationLines.rateKobo })
    .from(variationLines)
    .innerJoin(variations, eq(variations.id, variationLines.variationId))
    .where(and(eq(variations.projectId, projectId), eq(variations.status, "approved")));
  return approved.reduce((sum, line) => sum + lineAmountKobo(line.quantityMilli, line.rateKobo), contractSum);
}
