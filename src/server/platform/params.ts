import { z } from "zod";
import { accountId, rowId } from "../../shared/fields.js";

/** Path parameters `:id` of a row: one schema for every route that names a row by its number. */
export const rowIdParams = z.object({ id: rowId });

/** Path parameter `:id` of an account. */
export const accountIdParams = z.object({ id: accountId });
