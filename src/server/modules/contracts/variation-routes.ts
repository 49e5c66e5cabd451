import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { variation, variationList } from "../../../shared/answers/contracts.js";
import { variationDeclineSchema, variationMessages, variationSchema } from "../../../shared/contracts.js";
import { stepUpSchema } from "../../../shared/step-up.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentUser, currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { Variations } from "./variations.js";

type Options = { variations: Variations; requireUser: RequireUser };

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
const variationIdOf = (request: FastifyRequest) => idParam(request.params, "variationId", variationMessages.notFound);
const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

/** Variations of a signed contract: the office raises them, the client approves (with a fresh proof) or declines. */
export async function variationRoutes(app: FastifyInstance, { variations, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Malformed ids are 404 like unknown ones, before any 400 about the body.
  const idsFound = async (request: FastifyRequest) => {
    projectIdOf(request);
    if ((request.params as Record<string, unknown>).variationId !== undefined) variationIdOf(request);
  };

  routes.get(
    "/projects/:id/variations",
    {
      preValidation: [requireUser, idsFound],
      schema: {
        summary: "The variations, newest first, with the contract sum and completion date as varied",
        description:
          "Each with its lines (`quantity` negative for an omission), `total`, `status` (`pending`, `approved`, `declined`) and `effect` on the contract sum and the completion date; `contractSum` and `completion` count approved variations only. Readers of the project's money.",
        response: { 200: envelope(variationList) },
      },
    },
    async (request) => ok(await variations.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/variations",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(60, 60),
      schema: {
        summary: "Raise a variation of the signed contract",
        description:
          "`{ title, reason, lines: [{ description, unit, quantity, rate }], daysAdded }` (rates in naira, ≤ 2 decimals; quantities ≤ 3 decimals, negative for omissions; 1–200 lines; days −365 to 3,650) → 201, `pending` until the client decides. 409 `contract_not_signed` before the contract is signed. Project office and admins.",
        body: variationSchema,
        response: { 201: envelope(variation) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await variations.raise(viewer(request), projectIdOf(request), request.body))),
  );

  routes.post(
    "/projects/:id/variations/:variationId/approve",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(20, 15),
      schema: {
        summary: "Approve a variation, with a fresh proof of identity",
        description:
          "The project's client only: `{ password }` (with `{ code }` when two-step sign-in is on), or `{ passkey }` answering `POST /api/auth/passkeys/step-up/options` for an account without a password. A wrong password counts toward the sign-in lockout. The variation then changes the contract sum and the completion date; who, when and from which device are kept. 409 `already_decided`.",
        body: stepUpSchema,
        response: { 200: envelope(variation) },
      },
    },
    async (request) =>
      ok(
        await variations.approve(
          viewer(request),
          currentUser(request),
          projectIdOf(request),
          variationIdOf(request),
          request.body,
          originOf(request),
        ),
      ),
  );

  routes.post(
    "/projects/:id/variations/:variationId/decline",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(20, 15),
      schema: {
        summary: "Decline a variation, saying why",
        description: "The project's client only: `{ reason }` (1–1,000 characters). 409 `already_decided`.",
        body: variationDeclineSchema,
        response: { 200: envelope(variation) },
      },
    },
    async (request) =>
      ok(await variations.decline(viewer(request), projectIdOf(request), variationIdOf(request), request.body.reason, originOf(request))),
  );
}
