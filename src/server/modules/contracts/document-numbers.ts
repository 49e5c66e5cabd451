import { sql } from "drizzle-orm";
import { type DocumentSeries, documentNumber, documentSeries } from "../../../shared/invoices.js";
import type { AppDb } from "../../db/client.js";
import { documentNumbers } from "../../db/schema.js";

/**
 * The next number of a company-wide series for the year, taken inside the caller's transaction: the series' row stays
 * locked until it commits, so numbers follow one another, and a transaction that fails gives its number back.
 */
export async function nextDocumentNumber(tx: AppDb, series: DocumentSeries, year: number): Promise<string> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ series: documentSeries[series], year, last: 1 })
    .onConflictDoUpdate({ target: [documentNumbers.series, documentNumbers.year], set: { last: sql`${documentNumbers.last} + 1` } })
    .returning({ last: documentNumbers.last });
  if (!row) throw new Error("the document number was not taken");
  return documentNumber(series, year, row.last);
}
