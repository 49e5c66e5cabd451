import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { paymentSchedule } from "../../../shared/answers/payment-stages.js";
import { paymentStageMessages, paymentStageSchema } from "../../../shared/payment-stages.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { idParam } from "../../platform/params.js";
import type { PaymentStages } from "./payment-stages.js";

type Options = { paymentStages: PaymentStages; requireUser: RequireUser };

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
const stageIdOf = (request: FastifyRequest) => idParam(request.params, "stageId", paymentStageMessages.notFound);

/** A project's payment schedule: read by its money's readers, set by the project office. */
export async function paymentStageRoutes(app: FastifyInstance, { paymentStages, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const projectFound = async (request: FastifyRequest) => void projectIdOf(request);
  const stageFound = async (request: FastifyRequest) => void [projectIdOf(request), stageIdOf(request)];

  routes.get(
    "/projects/:id/payment-stages",
    {
      preValidation: [requireUser, projectFound],
      schema: {
        summary: "The payment schedule: its stages in order, their total and the contract sum",
        description:
          "Amounts in kobo, worked out by the server: a stage given as a `percent` of the contract sum is that share of the current sum, rounded half up to the kobo. `status` is `due` once the stage's milestone is done, or for a stage without a milestone (mobilisation) once the contract is signed; `scheduled` before. `equalsContractSum` says whether `totalScheduled` is the contract sum. The client, the project office, Accounts and admins; other staff on the project 403; anyone else 404.",
        response: { 200: envelope(paymentSchedule) },
      },
    },
    async (request) => ok(await paymentStages.read(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/payment-stages",
    {
      preValidation: [requireUser, projectFound],
      schema: {
        summary: "Add a stage to the payment schedule",
        description:
          "`{ name, amount | percent, milestoneId? }`: a name of 1–120 characters; exactly one of `amount` (kobo, a whole number above 0) or `percent` of the contract sum (above 0, at most 100, 2 decimals at most); `milestoneId` one of this project's milestones (400 otherwise). Added at the end → 201 with the schedule. 409 `too_many_stages` past 50. Project office and admins.",
        body: paymentStageSchema,
        response: { 201: envelope(paymentSchedule) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await paymentStages.add(viewer(request), projectIdOf(request), request.body))),
  );

  routes.delete(
    "/projects/:id/payment-stages/:stageId",
    {
      preValidation: [requireUser, stageFound],
      schema: { summary: "Remove a stage from the payment schedule", description: "204. Project office and admins." },
    },
    async (request, reply) => {
      await paymentStages.remove(viewer(request), projectIdOf(request), stageIdOf(request));
      return reply.status(204).send();
    },
  );
}
