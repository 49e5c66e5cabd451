import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import { peopleRoutes } from "./routes.js";
import { createPeopleService } from "./service.js";

export type PeopleModuleOptions = { db: AppDb; requireUser: RequireUser };

/** HR's API under /api: the staff directory by department and the accounts awaiting approval. */
export async function peopleModule(app: FastifyInstance, { db, requireUser }: PeopleModuleOptions) {
  await app.register(peopleRoutes, { people: createPeopleService(db), requireUser });
}
