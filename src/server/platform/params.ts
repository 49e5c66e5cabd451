import { z } from "zod";
import { accountId, rowId } from "../../shared/fields.js";
import { projectMessages } from "../../shared/projects.js";
import { ApiError } from "./envelope.js";

/** Path parameters `:id` of a row: one schema for every route that names a row by its number. */
export const rowIdParams = z.object({ id: rowId });

/** Path parameter `:id` of an account. */
export const accountIdParams = z.object({ id: accountId });

/** A numeric id from the path; anything else names nothing, so it is a 404 like an id that does not exist. */
export function idParam(params: unknown, name: string, what: string = projectMessages.notFound): number {
  const parsed = rowId.safeParse((params as Record<string, unknown>)[name]);
  if (!parsed.success) throw new ApiError(404, what, "not_found");
  return parsed.data;
}
