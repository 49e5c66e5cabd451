import { z } from "zod";
import { projectMessages } from "../../../shared/projects.js";
import { ApiError } from "../../platform/envelope.js";

const rowId = z.coerce.number().int().positive().max(2_147_483_647);

/** A numeric id from the path; anything else names nothing, so it is a 404 like an id that does not exist. */
export function idParam(params: unknown, name: string, what: string = projectMessages.notFound): number {
  const parsed = rowId.safeParse((params as Record<string, unknown>)[name]);
  if (!parsed.success) throw new ApiError(404, what, "not_found");
  return parsed.data;
}
