import { rowId } from "../../../shared/fields.js";
import { projectMessages } from "../../../shared/projects.js";
import { ApiError } from "../../platform/envelope.js";

/** A numeric id from the path; anything else names nothing, so it is a 404 like an id that does not exist. */
export function idParam(params: unknown, name: string, what: string = projectMessages.notFound): number {
  const parsed = rowId.safeParse((params as Record<string, unknown>)[name]);
  if (!parsed.success) throw new ApiError(404, what, "not_found");
  return parsed.data;
}
