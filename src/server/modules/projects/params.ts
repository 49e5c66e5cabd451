import type { FastifyRequest } from "fastify";
import { rowId } from "../../../shared/fields.js";
import { projectMessages } from "../../../shared/projects.js";
import { ApiError } from "../../platform/envelope.js";

/** A numeric id from the path; anything else names nothing, so it is a 404 like an id that does not exist. */
export function idParam(params: unknown, name: string, what: string = projectMessages.notFound): number {
  const parsed = rowId.safeParse((params as Record<string, unknown>)[name]);
  if (!parsed.success) throw new ApiError(404, what, "not_found");
  return parsed.data;
}

/** The project of a project route (`/projects/:id/...`): 404 for a malformed id. */
export const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");

/** A route hook: a malformed project id is a 404 like an unknown one, before any 400 about the query or body. */
export async function projectIdFound(request: FastifyRequest) {
  projectIdOf(request);
}
