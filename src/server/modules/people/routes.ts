import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canSeePeople } from "../../../shared/access.js";
import { peopleDirectory } from "../../../shared/answers/people.js";
import { envelope } from "../../platform/api-schemas.js";
import { requireAccess } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import type { PeopleService } from "./service.js";

type Options = { people: PeopleService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** The staff directory by department with headcounts, and the staff accounts awaiting approval (HR and admins). */
export async function peopleRoutes(app: FastifyInstance, { people, requireUser }: Options) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/people",
    {
      preValidation: [requireUser, requireAccess(canSeePeople)],
      schema: {
        description:
          "HR, Admin department, admins → staff by department with headcounts, accounts awaiting approval; each person's job title and extension",
        summary: "The staff directory by department, and who awaits approval",
        response: { 200: envelope(peopleDirectory) },
      },
    },
    async () => ok(await people.directory()),
  );
}
