import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { canSeePeople } from "../../../shared/access.js";
import { requireAccess } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { PeopleService } from "./service.js";

type Options = { people: PeopleService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The staff directory by department with headcounts, and the staff accounts awaiting approval (HR and admins). */
export async function peopleRoutes(app: FastifyInstance, { people, requireUser }: Options) {
  app.get("/people", { preValidation: [requireUser, requireAccess(canSeePeople)] }, async () => ok(await people.directory()));
}
