import { z } from "zod";

const invalidPhone = "Please enter a valid phone number.";

/** A phone number as people type it (+234 803 000 1111, 0803-000-1111), or empty. */
export const phoneNumber = z
  .string()
  .trim()
  .max(30, invalidPhone)
  .refine((value) => value === "" || /^\+?[0-9 ()-]{7,}$/.test(value), invalidPhone);

/** Far past any list's last page: a bigger number is refused (400) before it reaches the database's offset. */
export const MAX_PAGE_NUMBER = 10_000;

/** The page of a list query (?page=2): a whole number from 1 to MAX_PAGE_NUMBER. */
export const pageNumber = z.coerce
  .number({ error: "Page must be a whole number." })
  .int("Page must be a whole number.")
  .min(1, "Page must be 1 or more.")
  .max(MAX_PAGE_NUMBER, `Page must be ${MAX_PAGE_NUMBER} or less.`);

/** The largest id of a serial column (PostgreSQL integer): a cursor beyond it would fail in the database (500). */
const MAX_ROW_ID = 2_147_483_647;

/** A cursor on a list ordered by id (?before=, ?after=): a row id, so at most MAX_ROW_ID. */
export const rowIdCursor = (min: 0 | 1) =>
  z.coerce
    .number({ error: "Must be a whole number." })
    .int("Must be a whole number.")
    .min(min, `Must be ${min} or more.`)
    .max(MAX_ROW_ID, `Must be ${MAX_ROW_ID} or less.`);

/** The id of a row (a serial column) in a path or a body: a whole number from 1 to MAX_ROW_ID. */
export const rowId = rowIdCursor(1);

/** The id of an account in a path (a UUID today; bounded so that a long string is refused before any query). */
export const accountId = z.string().min(1).max(64);

/** A zod `pick` mask of these fields ({ title: true, … }), so a form's schema and its list of fields are one list. */
export const fieldMask = <Field extends string>(fields: readonly Field[]) =>
  Object.fromEntries(fields.map((field) => [field, true])) as { [Name in Field]: true };
