import { z } from "zod";

/*
 * The shapes the API answers, as zod schemas: routes declare them (the server encodes each answer by its schema and the
 * OpenAPI document shows them) and the shared types are inferred from them. They live apart from the request schemas
 * so that a page importing a shared type never bundles them (docs/decisions/134-api-contract-from-zod-schemas.md).
 */

/** A moment as the API writes it: ISO 8601 in UTC (`Date#toISOString`). */
export const instant = z.iso.datetime();

/** A calendar day, YYYY-MM-DD. */
export const calendarDay = z.iso.date();

/** A whole number the API counts (rows, pages, kobo). */
export const count = z.number().int();

/** The one paging contract of numbered lists (src/shared/paging.ts). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: count, page: count, pageSize: count, pageCount: count });

/** A page of a list filtered by status, with how many items each status holds. */
export const countedPageOf = <Item extends z.ZodType, Status extends string>(item: Item, statuses: readonly [Status, ...Status[]]) =>
  pageOf(item).extend({ counts: z.record(z.enum(statuses), count) });
