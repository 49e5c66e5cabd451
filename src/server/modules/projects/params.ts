import type { FastifyRequest } from "fastify";
import { idParam } from "../../platform/params.js";

/** The project of a project route (`/projects/:id/...`): 404 for a malformed id. */
export const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");

/** A route hook: a malformed project id is a 404 like an unknown one, before any 400 about the query or body. */
export async function projectIdFound(request: FastifyRequest) {
  projectIdOf(request);
}
